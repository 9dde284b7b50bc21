# spacehulk: pujas de Deathwing y el jugador Genestealer automático (es). Sintaxis de Project Fluent: ver renderers/locales/README.md.

spacehulk-bid-pending = Ahora no hay ninguna puja que hacer.
spacehulk-bid-twice = Ya has pujado en esta ronda; espera al otro jugador.
spacehulk-bid-range = Puja un número entero de puntos entre { $low } y { $high }.
spacehulk-not_a_seat = No juegas ningún bando en esta partida.

## El jugador Genestealer automático (juego en solitario): el motivo de cada decisión, en el registro de la partida.
spacehulk-solo-attack = { $model } ataca a { $marine }.
spacehulk-solo-attack_through = { $model } ataca a { $marine } a través del agujero { $way ->
    [up] de encima
   *[down] de debajo
}.
spacehulk-solo-route_attack = { $model } puede alcanzar a { $marine } y atacar: va a { $square } ({ $ap } PA) por la ruta más corta.
spacehulk-solo-advance_seen = { $model } estaba en la línea de visión de un Marine al empezar el turno: avanza a { $square } ({ $ap } PA), a { $distance } PA de un Marine.
spacehulk-solo-advance_entry_seen = Un Marine ve la casilla de entrada de { $model }: avanza a { $square } ({ $ap } PA), a { $distance } PA de un Marine.
spacehulk-solo-hide = { $model } no puede atacar este turno: se mueve sin ser visto a { $square } ({ $ap } PA), a { $distance } PA de un Marine.
spacehulk-solo-stop_hide = { $model } no puede atacar y ninguna casilla oculta está más cerca de un Marine: se queda.
spacehulk-solo-stop_advance_seen = { $model } no puede acercarse más a un Marine: se queda.
spacehulk-solo-stop_advance_entry_seen = { $model } no puede acercarse más a un Marine: se queda.
spacehulk-solo-stop_blocked = { $model } no puede moverse: se queda.
spacehulk-solo-stop_ap = A { $model } no le quedan puntos de acción.
spacehulk-solo-end_turn = Los Genestealers terminan su turno.
spacehulk-solo-facing = { $model } se encara hacia { $facing }, hacia el Marine más cercano.
spacehulk-solo-face_attacker = { $model } se gira hacia su atacante ({ $facing }).
spacehulk-solo-place = Un Genestealer se coloca en { $square }, la casilla libre más cercana a un Marine.
spacehulk-solo-shift = La figura va a { $square }, la casilla libre más cercana a un Marine.
spacehulk-solo-pass = Los Genestealers pasan ({ $step }).
spacehulk-solo-blip = Un marcador de contacto llega al área de entrada { $area }, a { $distance } PA de un Marine (primero las áreas libres más cercanas).
spacehulk-solo-tie_area = Las áreas de entrada { $areas } están igual de cerca de un Marine ({ $distance } PA): { $by ->
    [player] el jugador eligió
   *[dice] los dados eligieron
} el área { $area } para el siguiente marcador.
spacehulk-solo-tie_mover = Los Genestealers { $models } están igual de cerca de un Marine ({ $distance } PA): { $by ->
    [player] el jugador eligió
   *[dice] los dados eligieron
} que { $model } mueva primero.
spacehulk-solo-ambush_roll = Tirada de emboscada { $roll }: el próximo resultado de emboscada se roba al comienzo del turno { $turn }.
spacehulk-solo-ambush_stealer = Emboscada: aparece un Genestealer en { $square }, a 6 casillas del Marine más cercano y fuera de su vista.
spacehulk-solo-ambush_lost = Emboscada: un Genestealer, pero ninguna casilla a 6 casillas de los Marines está fuera de su vista; se pierde.
spacehulk-solo-ambush_echo = Emboscada: un falso eco; los Marines pierden 1 punto de mando este turno.
spacehulk-solo-choose = Los Genestealers eligen al azar una de las opciones ({ $step }).
spacehulk-say-bid_made = { $seat } ha pujado (en secreto hasta que estén las dos pujas).
spacehulk-say-bids_revealed = Pujas: { $bids }.
spacehulk-say-bids_tied = Pujas: { $bids }. Pujas iguales: los dos vuelven a pujar.
spacehulk-say-sides_chosen = { $seat } pujó menos y juega con los Marines con { $points } puntos.
spacehulk-solo-refused = Las reglas rechazaron { $step } de { $model } ({ $why }): se detiene este turno.
