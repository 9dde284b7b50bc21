# spacehulk: pujas de Deathwing y el jugador Genestealer automático (es). Sintaxis de Project Fluent: ver renderers/locales/README.md.

spacehulk-bid-pending = Ahora no hay ninguna puja que hacer.
spacehulk-bid-twice = Ya has pujado en esta ronda; espera al otro jugador.
spacehulk-bid-range = Puja un número entero de puntos entre { $low } y { $high }.
spacehulk-not_a_seat = No juegas ningún bando en esta partida.
