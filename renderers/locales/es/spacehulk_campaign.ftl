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

spacehulk-campaign-roster-title = Campaña de Deathwing: las hojas de escuadra
spacehulk-campaign-roster-empty = Todavía no se ha comprado ninguna fuerza.
spacehulk-campaign-roster-mission = Misión { $number }: { $scenario ->
        [reconnaissance] Reconocimiento
        [establish_perimeter] Establecer el perímetro
        [defend_perimeter] Defender el perímetro
        [raid] Incursión
       *[search_and_destroy] Buscar y destruir
    }{ $attempt ->
        [1] {""}
       *[other] , intento { $attempt }
    }
spacehulk-campaign-roster-stock = { $torpedoes ->
        [0] Sin torpedos de abordaje
        [one] Queda { $torpedoes } torpedo de abordaje
       *[other] Quedan { $torpedoes } torpedos de abordaje
    } · { $blips } de { $pool } marcadores usados · { $points ->
        [one] { $points } punto de tiempo
       *[other] { $points } puntos de tiempo
    }
spacehulk-campaign-roster-penalty = Incursión perdida: -3 PM, -30 s, la mitad de puntos psíquicos
spacehulk-campaign-roster-squad = { $box ->
        [command] Mando
        [heavy] Armas pesadas
        [standard] Estándar
        [assault] Asalto
       *[recon] Reconocimiento
    } { $id } ({ $alive ->
        [0] sin supervivientes
        [one] { $alive } Marine
       *[other] { $alive } Marines
    })
spacehulk-campaign-roster-status = { $status ->
        [ready] LISTA
        [resting] DESCANSA
        [guarding] GUARDA EL PERÍMETRO
        [lost] PERDIDA
        [disbanded] DISUELTA
       *[dead] TODOS MUERTOS
    }
spacehulk-campaign-roster-shield = escudo de asalto
spacehulk-campaign-roster-member = { $role ->
        [captain] Capitán
        [sergeant] Sargento
        [librarian] Bibliotecario (nivel { $mastery })
       *[brother] Hermano
    }: { $kit }
