# spacehulk campaign (es): rechazos, resultados y hoja de escuadras de la campaña de Deathwing.

spacehulk-campaign-phase = La campaña no espera eso ahora.
spacehulk-campaign-bid-twice = Ya has pujado en esta ronda.
spacehulk-campaign-bid-range = Puja un número entero de puntos entre { $low } y { $high }.
spacehulk-campaign-squad-unknown = No hay ninguna escuadra { $squad } en tu lista.
spacehulk-campaign-squad-unavailable = La escuadra { $squad } no puede jugar esta misión: está agotada, guarda el perímetro o uno de sus Marines jugó la última misión.
spacehulk-campaign-field-none = Elige al menos una escuadra; tienes { $count } { $count ->
        [one] disponible
       *[other] disponibles
    }.
spacehulk-campaign-field-twice = Has nombrado dos veces la escuadra { $squad }.
spacehulk-campaign-field-room = { $count } Marines no caben en los dos pasillos de despliegue de 5 casillas, cada escuadra entera en uno.
spacehulk-campaign-field-torpedoes = Esas escuadras necesitan { $needed ->
        [one] { $needed } torpedo de abordaje
       *[other] { $needed } torpedos de abordaje
    }; { $left ->
        [0] no queda ninguno
        [one] queda { $left }
       *[other] quedan { $left }
    }.
spacehulk-campaign-disband-empty = A la escuadra { $squad } no le queda ningún Marine que mover.
spacehulk-campaign-disband-unplaced = Todos los Marines supervivientes de la escuadra { $squad } deben unirse a otra escuadra.
spacehulk-campaign-disband-member = { $member } no es un Marine superviviente de la escuadra { $squad }.
spacehulk-campaign-disband-target = La escuadra { $target } no puede recibir Marines: solo puede una escuadra que haya perdido Marines.
spacehulk-campaign-disband-full = La escuadra { $target } tendría { $count } Marines; una escuadra tiene como máximo 5.
spacehulk-campaign-report-dead = { $member } no jugó esta misión.
spacehulk-campaign-report-blips = La misión usó { $blips ->
        [one] { $blips } marcador
       *[other] { $blips } marcadores
    }; solo { $left ->
        [one] queda { $left }
       *[other] quedan { $left }
    } de los 125 de la campaña.
spacehulk-campaign-deploy-room = { $count } Marines no caben en { $room ->
        [one] la { $room } casilla
       *[other] las { $room } casillas
    } de los pasillos de despliegue.
spacehulk-campaign-lose-choice = La escuadra { $squad } no puede ser la perdida: elige una escuadra que no jugó esta misión.

spacehulk-campaign-end-won = Los Marines ganaron Buscar y Destruir: la campaña es suya.
spacehulk-campaign-end-broken = La fuerza de Marines está rota: no hay ningún Marine disponible para la siguiente misión.
spacehulk-campaign-end-torpedoes = Los torpedos de abordaje se agotaron antes de establecer el perímetro: la campaña está perdida.
