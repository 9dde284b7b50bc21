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

spacehulk-campaign-status = { $phase ->
        [bids] Campaña de Deathwing: los dos jugadores pujan en secreto por los Marines (ronda { $round }, { $bids } de 2 pujas).
        [force] Campaña de Deathwing: el jugador Marine compra toda su fuerza con { $points } puntos.
        [choose] Campaña de Deathwing, misión { $number }: el jugador Marine elige sus escuadras.
        [stance] Campaña de Deathwing, misión { $number }: el jugador Genestealer ataca o se retira.
        [mission] Campaña de Deathwing: la misión { $number } se juega en su propia mesa en este hilo.
        [lose_squad] Campaña de Deathwing: el jugador Marine elige la escuadra que cuesta la derrota.
       *[over] Campaña de Deathwing: terminada.
    }
spacehulk-campaign-private-bid = Tu puja: { $points } puntos.
spacehulk-campaign-private-written = Tus escuadras para Defender el perímetro, escritas en secreto: { $squads }.
spacehulk-campaign-act-bid = Pujar { $points }
spacehulk-campaign-act-buy = { $squads } · { $points ->
        [one] { $points } punto de tiempo
       *[other] { $points } puntos de tiempo
    }
spacehulk-campaign-act-field = Desplegar { $squads }{ $new ->
        [true] {" "}en un tablero nuevo
       *[false] {""}
    }
spacehulk-campaign-act-disband = Disolver { $squad } en { $targets }
spacehulk-campaign-act-stance = { $attack ->
        [true] Atacar
       *[false] Retirarse
    }
spacehulk-campaign-act-lose = Perder la escuadra { $squad }
spacehulk-campaign-act-report = Informar de la misión
spacehulk-campaign-prompt = { $phase ->
        [bids] Puja los puntos que gastarías en los Marines (de 5 a 125).
        [force] Compra tu fuerza de campaña: elige una o escribe tus escuadras.
        [choose] Elige las escuadras de la siguiente misión, o disuelve una.
        [stance] ¿Atacas a las escuadras escritas, o te retiras y dejas que guarden el perímetro?
        [lose_squad] Elige la escuadra que no jugó y se pierde.
       *[other] Elige.
    }
spacehulk-campaign-form-points = Puntos
spacehulk-campaign-form-bid = Pujar en secreto
spacehulk-campaign-form-squads = Escuadras, separadas por espacios
spacehulk-campaign-form-timer = Puntos de tiempo (1 a 5)
spacehulk-campaign-form-force = Escribe tu fuerza
spacehulk-campaign-form-field = Escribe tus escuadras
spacehulk-campaign-form-boxes = Nombra escuadras de: command, heavy, standard, assault, recon.
spacehulk-campaign-form-timer_range = Compra de 1 a 5 puntos de tiempo.
spacehulk-campaign-log-campaign_bids_revealed = { $tie ->
        [true] Las pujas son iguales ({ $bids }): los dos pujan otra vez.
       *[false] Se muestran las pujas: { $bids }.
    }
spacehulk-campaign-log-campaign_sides_chosen = Quien pujó menos juega los Marines con { $points } puntos.
spacehulk-campaign-log-force_bought = Fuerza Marine comprada: { $squads ->
        [one] { $squads } escuadra
       *[other] { $squads } escuadras
    } y { $points ->
        [one] { $points } punto de tiempo
       *[other] { $points } puntos de tiempo
    }, { $cost } puntos.
spacehulk-campaign-log-squad_disbanded = La escuadra { $squad } se disuelve en { $targets }.
spacehulk-campaign-log-mission_opened = Misión { $number }: { $scenario ->
        [reconnaissance] Reconocimiento
        [establish_perimeter] Establecer el perímetro
        [defend_perimeter] Defender el perímetro
        [raid] Incursión
       *[search_and_destroy] Buscar y destruir
    }{ $attempt ->
        [1] {""}
       *[other] , intento { $attempt }
    }.
spacehulk-campaign-log-squads_fielded = { $secret ->
        [true] El jugador Marine ha escrito sus escuadras en secreto.
       *[false] Escuadras desplegadas: { $squads }.
    }
spacehulk-campaign-log-teleport_rolled = { $rolled ->
        [one] { $rolled } Marine se teleporta
       *[other] { $rolled } Marines se teleportan
    }: { $killed ->
        [0] llegan todos.
        [one] muere { $killed } ({ $names }).
       *[other] mueren { $killed } ({ $names }).
    }
spacehulk-campaign-log-torpedoes_launched = { $count ->
        [one] { $count } torpedo de abordaje lanzado
       *[other] { $count } torpedos de abordaje lanzados
    }; { $left ->
        [one] queda { $left }
       *[other] quedan { $left }
    }.
spacehulk-campaign-log-stance_chosen = { $attack ->
        [true] Los Genestealers atacan a { $squads }.
       *[false] Los Genestealers se retiran: { $squads } guardan el perímetro el resto de la campaña.
    }
spacehulk-campaign-log-mission_briefed = La misión { $number } empieza en su propia mesa con { $marines ->
        [one] { $marines } Marine
       *[other] { $marines } Marines
    }.
spacehulk-campaign-log-mission_recorded = { $result ->
        [won] Los Marines ganaron
        [lost] Los Marines perdieron
        [held] Los Genestealers se retiraron en
       *[draw] Nadie ganó
    } { $scenario ->
        [reconnaissance] Reconocimiento
        [establish_perimeter] Establecer el perímetro
        [defend_perimeter] Defender el perímetro
        [raid] la Incursión
       *[search_and_destroy] Buscar y destruir
    }: { $dead ->
        [0] no murió ningún Marine
        [one] murió { $dead } Marine
       *[other] murieron { $dead } Marines
    }, { $blips ->
        [one] { $blips } marcador usado
       *[other] { $blips } marcadores usados
    }{ $magi ->
        [0] {""}
       *[other] ; el dado de los Magos sacó { $magi }
    }.
spacehulk-campaign-log-loss_owed = La derrota cuesta una de { $count ->
        [one] { $count } escuadra que no jugó
       *[other] las { $count } escuadras que no jugaron
    }.
spacehulk-campaign-log-squad_lost = Se pierde la escuadra { $squad }.
spacehulk-campaign-rules = Una campaña de Deathwing: pujad en secreto hasta 125 puntos; quien puje menos compra toda su fuerza de Exterminadores. Cinco misiones en orden (Reconocimiento, Establecer el perímetro, Defender el perímetro, Incursión, Buscar y destruir), cada una en su propia mesa de Space Hulk; las escuadras descansan tras una misión, las bajas no vuelven y los Genestealers tienen 125 marcadores para toda la campaña. Gana Buscar y destruir para ganar; si te quedas sin Marines disponibles o sin torpedos, pierdes.
dw_campaign-name = Campaña de Deathwing
dw_campaign-seat-marine = Primer jugador
dw_campaign-seat-genestealer = Segundo jugador
