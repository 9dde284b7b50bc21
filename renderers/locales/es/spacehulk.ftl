# spacehulk (es). Project Fluent syntax: see renderers/locales/README.md.

spacehulk-activation_done = { $name } ya ha sido activado este turno.

spacehulk-activation_marine_done = { $name } ya ha sido activado este turno; ahora solo los puntos de mando pueden pagar por él.

spacehulk-ambush-closed = Ahora no se puede colocar ningún marcador de emboscada.
spacehulk-ambush-near = { $square } está a 6 casillas o menos de un Marine.
spacehulk-ambush-seen = Un Marine puede ver { $square }.
spacehulk-ambush-square = { $square } no admite un marcador de emboscada.

spacehulk-area_full = El área de entrada { $area } no admite otro marcador de contacto.

spacehulk-assault-blip = Los marcadores de contacto no pueden atacar.
spacehulk-assault-blip_target = Los marcadores de contacto no pueden ser atacados.
spacehulk-assault-friend = No puedes atacar a tu propio bando.
spacehulk-assault-levels = Solo un Genestealer ataca a otro nivel, a través de un agujero.
spacehulk-assault-no_marine_through = No hay ningún Marine justo encima o debajo a través de un agujero.
spacehulk-assault-no_psychic = Solo el hacha de fuerza de un Bibliotecario puede añadir puntos psíquicos.
spacehulk-assault-nothing = No hay nada que atacar justo delante.
spacehulk-assault-off_board = Solo una miniatura en el tablero puede atacar.
spacehulk-assault-psychic_short = A { $name } le quedan { $psychic } puntos psíquicos.

spacehulk-auto-ammo = El fuego automático necesita { $bursts } ráfagas; quedan { $left }.
spacehulk-auto-no_cannon = Solo un cañón de asalto puede disparar en automático.
spacehulk-auto-no_target = No hay nada que disparar en tu arco de fuego y a la vista.

spacehulk-block-no_die = No hay un dado { $die } que repetir; el Genestealer tiró { $count }.
spacehulk-block-none = No hay ningún combate cuerpo a cuerpo que bloquear.

spacehulk-climb-facing = Elige la orientación al llegar (los marcadores no tienen).
spacehulk-climb-marines_pit = Los Marines no pueden trepar por un foso.
spacehulk-climb-no_ladder = Aquí no hay ninguna escalera.

spacehulk-convert-acted = Un marcador de contacto que se ha movido o ha actuado este turno no puede convertirse.
spacehulk-convert-ambush = Un marcador de emboscada nunca se convierte a voluntad.
spacehulk-convert-not_blip = Solo un marcador de contacto puede convertirse.

spacehulk-cut-no_chainfist = Solo un puño sierra puede cortar una puerta.
spacehulk-cut-no_door = No hay ninguna puerta cerrada ni mamparo en la casilla de delante.

spacehulk-destruct-no_fuel = Solo un lanzallamas pesado con algún disparo, o un martillo de trueno, puede autodestruirse.
spacehulk-destruct-off = La autodestrucción del lanzallamas pesado no se usa en esta partida.

spacehulk-detonate-other = Solo el portador del martillo de trueno atacado puede detonar ahora.

spacehulk-door-blocked = Una puerta no puede cerrarse sobre una miniatura.
spacehulk-door-destroyed = Esa puerta está destruida.
spacehulk-door-fixed = Esa puerta no se puede abrir a mano.
spacehulk-door-none = No hay ninguna puerta en { $square }.
spacehulk-door-not_adjacent = La puerta de { $square } no está adyacente.
spacehulk-door-not_in_front = La puerta de { $square } no está en tus tres casillas frontales.
spacehulk-door-off_board = Solo una miniatura en el tablero puede usar una puerta.

spacehulk-draw-escape = Empate: han escapado { $count } marines.
spacehulk-draw-flame = Empate: las secciones objetivo han ardido.
spacehulk-draw-kill = Empate: { $count } genestealers eliminados.
spacehulk-draw-seal = Empate: todas las áreas de entrada están selladas.
spacehulk-draw-survive = Empate: los marines han resistido { $turns } turnos.

spacehulk-exit-not_here = Solo un marine en una casilla de salida puede salir del tablero.

spacehulk-face_no_fire = El giro gratuito para encarar al atacante no permite disparar.

spacehulk-face_only = El giro gratuito solo puede encarar al atacante.

spacehulk-fire-bulkhead = Solo una ráfaga de cañón de asalto puede dañar un mamparo.
spacehulk-fire-empty = El cañón de asalto está vacío; recárgalo primero.
spacehulk-fire-jammed = El bólter de asalto está encasquillado; desencasquíllalo primero.
spacehulk-fire-no_bolter = Solo un bólter de asalto puede disparar.
spacehulk-fire-no_line = { $square } no está en tu arco de fuego con línea de visión despejada.
spacehulk-fire-no_target = No hay ningún genestealer ni puerta cerrada en { $square }.

spacehulk-flame-door = No puedes lanzar llamas a una casilla con una puerta cerrada.
spacehulk-flame-empty = Al lanzallamas pesado no le quedan disparos.
spacehulk-flame-marine = No puedes elegir como blanco una casilla con un marine.
spacehulk-flame-no_flamer = Solo un lanzallamas pesado puede lanzar llamas.
spacehulk-flame-no_line = { $square } no está en tu arco de fuego con línea de visión despejada a 12 casillas o menos.
spacehulk-flame-own_section = No puedes lanzar llamas a tu propia sección.
spacehulk-flame-wall = { $square } es una pared.

spacehulk-free_shot_other = El disparo gratuito es del marine que se movió.

spacehulk-grenade-no_line = { $square } no está en tu arco de fuego con línea de visión despejada.
spacehulk-grenade-none = Solo un lanzagranadas al que le queden granadas puede disparar una.
spacehulk-grenade-range = { $square } está a más de { $range } casillas.
spacehulk-grenade-up = Las granadas nunca se disparan hacia arriba por un agujero.

spacehulk-jam-none = El bólter de asalto no está encasquillado.

spacehulk-jump-no_hole = Aquí no hay ningún foso ni hueco de escalera por el que saltar.
spacehulk-jump-occupied = Los Genestealers y los marcadores nunca saltan sobre una figura.

spacehulk-label-facing = Encaramiento
spacehulk-label-turn = Giro

spacehulk-level_step-where = Da un paso a la casilla de delante o de detrás, o pasa.

spacehulk-lose-all_dead = Ganan los genestealers: no queda ningún marine en el tablero.
spacehulk-lose-below = Ganan los genestealers: quedan menos de { $count } marines.
spacehulk-lose-burned = Ganan los genestealers: los marines han incendiado el objetivo.
spacehulk-lose-no_flamer = Ganan los genestealers: ningún lanzallamas pesado tiene combustible.
spacehulk-lose-stealer_on = Ganan los genestealers: un genestealer ha alcanzado el objetivo.
spacehulk-lose-turns = Ganan los genestealers: a los marines se les acabó el tiempo tras { $turns } turnos.

spacehulk-move-blip_adjacent = Un marcador de contacto no puede moverse junto a un marine.
spacehulk-move-blip_facing = Los marcadores de contacto no tienen encaramiento.
spacehulk-move-blip_seen = Un marcador de contacto no puede moverse a una casilla que vea un marine.
spacehulk-move-burning = { $square } está en llamas.
spacehulk-move-chute_full = Ya hay un Genestealer en ese conducto.
spacehulk-move-closed_door = La puerta de { $square } está cerrada.
spacehulk-move-door_corner = Un movimiento en diagonal no puede cortar la esquina de una puerta cerrada.
spacehulk-move-entry_facing = Elige el encaramiento del genestealer que entra en el tablero.
spacehulk-move-entry_only = Desde el área de acecho solo puedes moverte a { $square }.
spacehulk-move-feature = No se puede entrar en { $square }.
spacehulk-move-keep_facing = Un movimiento mantiene el encaramiento; gira por separado.
spacehulk-move-must_lurk = Debe acechar este turno: había un marine a { $distance } casillas o menos cuando llegó.
spacehulk-move-no_sidestep = Los exterminadores no pueden moverse de lado.
spacehulk-move-not_adjacent = Solo puedes moverte a una casilla adyacente.
spacehulk-move-not_yours = Los marines no pueden entrar en un área de acecho.
spacehulk-move-occupied = { $square } está ocupada.
spacehulk-move-squeeze = No puedes colarte en diagonal entre dos casillas bloqueadas.
spacehulk-move-wall = { $square } es una pared.

spacehulk-no_model = No hay ninguna miniatura { $model }.

spacehulk-no_timer = No hay ningún reloj de los marines en marcha.

spacehulk-not_marine_phase = Ahora los marines solo actúan interrumpiendo con puntos de mando.

spacehulk-not_stealer_phase = Los genestealers solo actúan en su fase de acción.

spacehulk-not_witness = { $name } no vio esa acción.

spacehulk-not_yours = { $name } no es tuyo.

spacehulk-nothing_to_pass = No hay nada que pasar.

spacehulk-overwatch-already = { $name } ya está en fuego de cobertura.

spacehulk-pay_cp_only = En el turno de los genestealers solo pagan los puntos de mando.

spacehulk-pay_free = Solo un disparo gratuito o un giro gratuito se hacen sin pagar.

spacehulk-pay_no_ap = Cuesta { $cost } PA; { $name } tiene { $ap }.

spacehulk-pay_no_cp = Cuesta { $cost } PM; tienes { $cp }.

spacehulk-pay_short = Cuesta { $cost } PA; { $name } tiene { $ap } PA y tú tienes { $cp } PM.

spacehulk-pay_stealer_ap = Los genestealers pagan con sus propios puntos de acción.

spacehulk-pending = Responde primero al paso pendiente ({ $step }).

spacehulk-phase-action = Fase de Acción
spacehulk-phase-command = Fase de Mando
spacehulk-phase-end = Fase Final
spacehulk-phase-reinforcement = Fase de Refuerzos

spacehulk-place_bad = No se puede colocar un genestealer ahí.

spacehulk-prone-cannot = { $name } está derribado: primero debe levantarse (2 PA).

spacehulk-psychic-none = Ningún Bibliotecario está eligiendo puntos psíquicos ahora.

spacehulk-reload-cannot = Esa arma no se recarga.
spacehulk-reload-none = A { $name } no le queda recarga para esa arma.

spacehulk-shift-where = Esa casilla no es una de las opciones.

spacehulk-stand-not_prone = { $name } no está derribado.

spacehulk-teleport-marines = Solo un Marine en el tablero puede teletransportarse fuera.
spacehulk-teleport-off = Esta misión no permite teletransportarse fuera.
spacehulk-teleport-one_a_turn = Solo un Marine por turno puede teletransportarse fuera.
spacehulk-teleport-own_turn = Los Marines solo se teletransportan fuera en su propio turno.

spacehulk-turn-blip = Los marcadores de contacto no tienen encaramiento.
spacehulk-turn-fire_90 = Girar y disparar solo permite un giro de 90 grados.
spacehulk-turn-no_turn_and_fire = Girar y disparar no está permitido en esta edición.
spacehulk-turn-off_board = Solo una miniatura en el tablero puede girar.
spacehulk-turn-same = Ya está encarado al { $facing }.

spacehulk-unknown_action = Esa acción no forma parte de este juego.

spacehulk-win-escape = Ganan los marines: han escapado { $count } marines.
spacehulk-win-flame = Ganan los marines: han quemado las secciones objetivo.
spacehulk-win-kill = Ganan los marines: { $count } genestealers eliminados.
spacehulk-win-seal = Ganan los marines: todas las áreas de entrada están selladas.
spacehulk-win-survive = Ganan los marines: han resistido { $turns } turnos.

spacehulk-force-budget = Esa fuerza cuesta { $cost } puntos; tienes { $budget }.
spacehulk-force-captains = Tu fuerza solo puede tener un Capitán; tiene { $count }.
spacehulk-force-no_leader = Tu fuerza necesita un Sargento o un Capitán.
spacehulk-force-none = Ahora no hay ninguna fuerza que formar.
spacehulk-force-option = La escuadra { $squad } no puede llevar la opción { $option }.
spacehulk-force-reloads = La escuadra { $squad } puede comprar 1 recarga por lanzallamas pesado ({ $flamers }) y 2 por cañón de asalto ({ $cannons }).
spacehulk-force-room = Solo caben { $room } Exterminadores en las casillas de despliegue; tu fuerza tiene { $count }.
spacehulk-force-swap = El soldado { $member } de la escuadra { $squad } no puede llevar { $option }.
spacehulk-force-swap_twice = El soldado { $member } de la escuadra { $squad } ya cambió esa arma.

## El presentador: nombres, imagen, etiquetas, avisos, estado, narración (renderers/spacehulk).

spacehulk-name = Space Hulk
spacehulk-seat-marine = Marines
spacehulk-seat-genestealer = Genestealers
spacehulk-rules =
    {"*"}*Space Hulk** (1.ª edición, con Deathwing). Los Exterminadores del jugador marine (4 PA cada uno, más una ficha secreta de 1 a 6 puntos de mando por turno) luchan contra los blips y Genestealers del jugador genestealer (6 PA cada uno) por los pasillos de un pecio espacial.
    • Elige una miniatura y luego su acción: cada botón muestra su coste en PA (o PM). Un Exterminador avanza por 1 PA, retrocede por 2 y gira por 1; un Genestealer se desplaza de lado por 1 y gira 90° gratis.
    • Los bólteres de asalto matan con un 6 en cualquiera de 2 dados; el fuego sostenido contra el mismo objetivo suma +1 por disparo. El fuego de supresión (2 PA) dispara a cada acción de Genestealer en el arco, pero un doble lo encasquilla.
    • Los blips son fichas de 1 a 3 Genestealers que solo ve el jugador genestealer; se revelan cuando un marine los ve.
    • Las casillas se nombran como en un tablero de ajedrez: letra de columna y número de fila (J7); un nivel inferior se marca @1.
    • La imagen muestra las puertas (barra: cerrada, topes: abierta, cruz roja: destruida), las llamas, el fuego de supresión (punto amarillo), los encasquillamientos (cuadro rojo) y el arco de fuego (amarillo) y la visión (azul) de la miniatura activa.
spacehulk-image-level = { $level ->
        [0] Nivel 0
       *[other] Nivel { $level } (casillas @{ $level })
    }
spacehulk-image-exit_mark = SALIDA
spacehulk-legend-marine = Exterminador
spacehulk-legend-stealer = Genestealer
spacehulk-legend-blip = Blip
spacehulk-legend-door = Puerta
spacehulk-legend-fire_arc = Arco de fuego
spacehulk-legend-sight = Visión
spacehulk-legend-burning = En llamas
spacehulk-legend-overwatch = Supresión
spacehulk-legend-jammed = Encasquillado
spacehulk-facing-N = al norte
spacehulk-facing-E = al este
spacehulk-facing-S = al sur
spacehulk-facing-W = al oeste
spacehulk-mission-purge = Purga (misión de prueba)
spacehulk-mission-deathwing_purge = Purga, escuadra de mando Deathwing (misión de prueba)
spacehulk-weapon-storm_bolter = bólter de asalto
spacehulk-weapon-heavy_flamer = lanzallamas pesado
spacehulk-weapon-assault_cannon = cañón de asalto
spacehulk-melee-power_glove = puño de combate
spacehulk-melee-power_sword = espada de energía
spacehulk-melee-chainfist = puño sierra
spacehulk-melee-thunder_hammer = martillo de trueno
spacehulk-melee-lightning_claws = garras relámpago
spacehulk-melee-force_axe = hacha psíquica

spacehulk-price = { $cost } { $pay ->
        [cp] PM
       *[ap] PA
    }
spacehulk-act-priced = { $action } · { $price }
spacehulk-act-step = { $model }: paso a { $square }
spacehulk-act-enter_blip = { $model }: entrar por { $square }
spacehulk-act-enter = { $model }: entrar por { $square } mirando { $facing }
spacehulk-act-move = { $model }: { $how ->
        [fire] mover a { $square } y disparar
        [jump] mover a { $square } y saltar abajo
       *[plain] mover a { $square }
    }
spacehulk-act-turn = { $model }: { $how ->
        [fire] girar { $facing } y disparar
        [free] girar { $facing } para encarar al atacante
       *[plain] girar { $facing }
    }
spacehulk-act-door = { $model }: { $verb ->
        [close] cerrar la puerta de { $square }
       *[open] abrir la puerta de { $square }
    }
spacehulk-act-fire = { $model }: { $free ->
        [yes] disparo gratis
       *[no] disparar
    } a { $target ->
        [door] la puerta
       *[other] { $target }
    } en { $square }
spacehulk-act-auto_fire = { $model }: fuego automático
spacehulk-act-overwatch = { $model }: fuego de supresión
spacehulk-act-clear_jam = { $model }: desencasquillar
spacehulk-act-flame = { $model }: lanzar llamas a { $square }
spacehulk-act-reload = { $model }: recargar
spacehulk-act-cut = { $model }: cortar la puerta
spacehulk-act-grenade = { $model }: granada a { $square }
spacehulk-act-self_destruct = { $model }: autodestrucción
spacehulk-act-assault = { $model }: { $way ->
        [up] atacar hacia arriba por el agujero
        [down] atacar hacia abajo por el agujero
       *[ahead] asalto cuerpo a cuerpo
    }{ $psychic ->
        [0] {""}
        [one] {" "}con { $psychic } punto psíquico
       *[other] {" "}con { $psychic } puntos psíquicos
    }
spacehulk-act-psychic = { $model }: añadir { $psychic ->
        [one] { $psychic } punto psíquico
       *[other] { $psychic } puntos psíquicos
    }
spacehulk-act-block = { $model }: bloquear, repetir el dado { $die } (un { $value })
spacehulk-act-build_force = { $squads } · { $count ->
        [one] { $count } Exterminador
       *[other] { $count } Exterminadores
    }, { $timer ->
        [one] { $timer } punto
       *[other] { $timer } puntos
    } de reloj · { $cost } ptos.
spacehulk-act-exit = { $model }: salir del tablero
spacehulk-act-teleport = { $model }: teletransportarse fuera
spacehulk-act-convert = { $model }: revelar
spacehulk-act-climb = { $model }: subir o bajar la escalera{ $facing ->
        [none] {""}
       *[other] , mirando { $facing }
    }
spacehulk-act-jump = { $model }: saltar por el agujero
spacehulk-act-stand = { $model }: levantarse mirando { $facing }
spacehulk-act-shift = Llevarlo a { $square }
spacehulk-act-place_blip = Zona de entrada { $area }
spacehulk-act-place_ambush = Marcador de emboscada en { $square }
spacehulk-act-place_stealer = Colocar en { $square }
spacehulk-act-set_facing = { $model } mira { $facing }
spacehulk-act-pick_target = { $model } dispara a { $target }
spacehulk-act-pass = Pasar
spacehulk-act-end_turn = Terminar la fase de acción
spacehulk-act-unknown = Acción desconocida
spacehulk-group = { $kind ->
        [marine] Exterminador { $model }
        [genestealer] Genestealer { $model }
       *[blip] Blip { $model }
    }

spacehulk-prompt-marine = Tu fase de acción: elige un Exterminador y luego su acción (o termina la fase).
spacehulk-prompt-stealer = Tu fase de acción: elige un Genestealer o un blip y luego su acción (o termina la fase).
spacehulk-prompt-reinforce = { $count ->
        [one] Elige la zona de entrada del blip que llega.
       *[other] Elige la zona de entrada del siguiente blip que llega (quedan { $count } por colocar).
    }
spacehulk-prompt-place = { $count ->
        [one] Coloca el último Genestealer del blip { $model }.
       *[other] Coloca los Genestealers del blip { $model } (quedan { $count }).
    }
spacehulk-prompt-facing = Elige hacia dónde mira { $model }.
spacehulk-prompt-interrupt = Interrumpe tras la acción de { $model } con puntos de mando, o pasa.
spacehulk-prompt-free_shot = { $model } puede hacer el disparo gratis del movimiento, o pasar.
spacehulk-prompt-overwatch_pick = Elige a qué Genestealer revelado dispara { $model } en supresión.
spacehulk-prompt-face_attacker = { $model } puede girar gratis para encarar al atacante.
spacehulk-prompt-block = Bloqueo: obliga al Genestealer a repetir un dado, o pasa.
spacehulk-prompt-detonate = Detona el martillo de trueno en lugar de defenderte, o pasa.
spacehulk-prompt-psychic = Añade puntos psíquicos a la defensa del Bibliotecario, o pasa.
spacehulk-prompt-level_step = Da un paso a la casilla de delante o de detrás, o quédate.
spacehulk-prompt-build_force = Forma tu fuerza con la Lista de Fuerzas.
spacehulk-prompt-shift = Elige adónde va la miniatura.
spacehulk-prompt-other = Elige.

spacehulk-status-title = **{ $mission }**
spacehulk-status-setup = Preparación: el jugador genestealer coloca los primeros blips.
spacehulk-status-turn = Turno { $turn } · { $phase ->
        [marine] fase de acción marine
        [stealer] fase de acción genestealer
        [end] fase final
       *[other] preparación
    }
spacehulk-status-active = Activa: { $model } ({ $ap ->
        [one] le queda { $ap } PA
       *[other] le quedan { $ap } PA
    })
spacehulk-status-cp_mine = Puntos de mando: { $cp } de { $drawn }
spacehulk-status-cp_spent = { $spent ->
        [0] Ningún punto de mando gastado este turno
        [one] { $spent } punto de mando gastado este turno
       *[other] { $spent } puntos de mando gastados este turno
    }
spacehulk-status-untimed = Turnos marines sin reloj
spacehulk-status-budget = Tiempo por decisión marine: { $time }
spacehulk-status-timer = Turno marine: { $time }{ $up ->
        [yes] {" "}(se acabó el tiempo)
       *[no] {""}
    }
spacehulk-status-kills = { $kills ->
        [one] { $kills } Genestealer muerto
       *[other] { $kills } Genestealers muertos
    } · { $bag ->
        [one] { $bag } blip en la bolsa
       *[other] { $bag } blips en la bolsa
    }

spacehulk-panel-marines = Exterminadores
spacehulk-panel-overwatch = {"["}supresión]
spacehulk-panel-jammed = {"["}encasquillado]
spacehulk-panel-marine = { $model } { $name } · { $weapon } · { $ap } PA { $marks }
spacehulk-panel-ammo = {"   "}disparos { $ammo }, recargas { $reloads }
spacehulk-panel-escaped = { $count ->
        [one] { $count } Exterminador escapó
       *[other] { $count } Exterminadores escaparon
    }
spacehulk-panel-stealers = Genestealers
spacehulk-panel-on_board = En el tablero: { $stealers ->
        [one] { $stealers } Genestealer
       *[other] { $stealers } Genestealers
    }, { $blips ->
        [one] { $blips } blip
       *[other] { $blips } blips
    }
spacehulk-panel-lurking = Zona de entrada { $area }: { $count } al acecho
spacehulk-panel-bag = Bolsa: { $contents }
spacehulk-panel-values = Valores de los blips: { $blips }

spacehulk-private-cp = Tus puntos de mando: te quedan { $cp } de los { $drawn } sacados este turno.
spacehulk-private-blip = { $model } = { $value } ({ $place })
spacehulk-private-area = zona de entrada { $area }
spacehulk-private-blips = Tus blips: { $blips }. En la bolsa (fichas × valor): { $bag }.

spacehulk-say-turn = Empieza el turno { $turn }.
spacehulk-say-turn_timed = Empieza el turno { $turn }; el turno marine dura { $time }.
spacehulk-say-cp_drawn = El jugador marine saca la ficha secreta de puntos de mando.
spacehulk-say-cp_drawn_mine = Sacas { $cp ->
        [one] { $cp } punto de mando
       *[other] { $cp } puntos de mando
    }.
spacehulk-say-time_up = Se acabó el tiempo de los marines.
spacehulk-say-marine_phase_ended = { $reason ->
        [time] Termina la fase de acción marine: se acabó el tiempo.
       *[declared] Termina la fase de acción marine.
    }
spacehulk-say-stealer_phase_ended = Termina la fase de acción genestealer.
spacehulk-say-flames_out = { $count ->
        [one] Las llamas se apagan ({ $count } casilla).
       *[other] Las llamas se apagan ({ $count } casillas).
    }
spacehulk-say-cp_spent = { $model } usa { $cp ->
        [one] { $cp } punto de mando
       *[other] { $cp } puntos de mando
    }{ $ap ->
        [0] {""}
       *[other] {" "}y { $ap } PA
    }.
spacehulk-say-entered = { $model } entra en el tablero por { $square }.
spacehulk-say-moved = { $model } se mueve { $start } → { $square }.
spacehulk-say-turned = { $model } mira { $facing }.
spacehulk-say-door = La puerta de { $square } { $status ->
        [open] se abre
        [destroyed] queda destruida
       *[closed] se cierra
    }.
spacehulk-say-overwatch = { $model } se pone en fuego de supresión.
spacehulk-say-jam_cleared = { $model } desencasquilla su arma.
spacehulk-say-fired = { $model } { $overwatch ->
        [yes] dispara en supresión
       *[no] dispara
    } a { $target ->
        [door] la puerta
       *[other] { $target }
    } en { $square }: { $dice } (necesita { $needed }) — { $hit ->
        [yes] impacto
       *[no] fallo
    }{ $jammed ->
        [yes] ; el bólter de asalto se encasquilla
       *[no] {""}
    }.
spacehulk-say-auto_fired = { $model } dispara el cañón de asalto en automático ({ $bursts ->
        [one] { $bursts } ráfaga
       *[other] { $bursts } ráfagas
    }).
spacehulk-say-flamed = { $model } lanza llamas a { $square }: { $count ->
        [one] arde { $count } casilla
       *[other] arden { $count } casillas
    } (tiradas { $rolls }).
spacehulk-say-assaulted = { $model } ataca a { $target ->
        [door] la puerta
       *[other] { $target }
    }: { $attacker } contra { $defender } ({ $ascore } a { $dscore }) — { $result ->
        [attacker] gana el atacante
        [defender] gana el defensor
       *[tie] empate
    }.
spacehulk-say-blocked = { $model } bloquea: el { $old } del Genestealer se repite y sale { $new }.
spacehulk-say-killed = { $model } muere ({ $kills ->
        [one] { $kills } baja
       *[other] { $kills } bajas
    } hasta ahora).
spacehulk-say-killed_blip = El blip { $model } ({ $value }) queda destruido ({ $kills ->
        [one] { $kills } baja
       *[other] { $kills } bajas
    } hasta ahora).
spacehulk-say-exited = { $model } sale del tablero.
spacehulk-say-teleported = { $model } se teletransporta fuera.
spacehulk-say-blip_placed = Llega un blip a la zona de entrada { $area }.
spacehulk-say-converted = El blip { $model } se revela: { $value ->
        [one] { $value } Genestealer
       *[other] { $value } Genestealers
    }.
spacehulk-say-stealer_lurks = { $model } acecha en la zona de entrada { $area }.
spacehulk-say-stealer_placed = { $model } se coloca en { $square }.
spacehulk-say-stealers_lost = { $count ->
        [one] Se pierde { $count } Genestealer
       *[other] Se pierden { $count } Genestealers
    } ({ $reason ->
        [cap] no quedan miniaturas
       *[no_room] no hay sitio
    }).
spacehulk-say-reinforcements_lost = { $count ->
        [one] { $count } blip de refuerzo no encuentra sitio y se pierde.
       *[other] { $count } blips de refuerzo no encuentran sitio y se pierden.
    }
spacehulk-say-reloaded = { $model } recarga.
spacehulk-say-self_destructed = { $model } se autodestruye.
spacehulk-say-grenade = { $model } dispara una granada a { $square } (tiradas { $rolls }).
spacehulk-say-secured = La zona de entrada { $area } queda asegurada.
spacehulk-say-ambush_placed = Se coloca un marcador de emboscada en { $square }.
spacehulk-say-ambush_revealed = El marcador de emboscada { $model } se revela: { $result ->
        [genestealer] un Genestealer
       *[other] un eco
    }.
spacehulk-say-landed = { $model } cae en { $square }{ $prone ->
        [yes] {" "}y queda tumbado
       *[no] {""}
    }.
spacehulk-say-stood_up = { $model } se levanta mirando { $facing }.
spacehulk-say-force_built = El jugador marine toma una fuerza de { $count ->
        [one] { $count } Exterminador
       *[other] { $count } Exterminadores
    } ({ $cost } puntos).
# Escenarios del Generador de Misiones (engine/spacehulk/scenarios.py)
spacehulk-teleport-locked = Teletransportarse fuera espera a que se hayan colocado { $count } genestealers.
spacehulk-teleport-room = En este escenario los marines solo se teletransportan fuera desde dentro de la sala de control.
spacehulk-win-recon_out = Ganan los marines: han visto a los genestealers y se han teletransportado fuera perdiendo como mucho un marine.
spacehulk-draw-recon_draw = Empate: los marines se han ido sin ver ningún genestealer.
spacehulk-lose-recon_kills = Ganan los genestealers: han matado a { $count } marines.
spacehulk-win-perimeter = Ganan los marines: las áreas de entrada del perímetro están aseguradas.
spacehulk-lose-corridor = Ganan los genestealers: han llegado a un pasillo de entrada de los marines.
spacehulk-win-wiped = Ganan los marines: la fuerza genestealer se ha agotado y ha sido aniquilada.
spacehulk-win-tanks = Ganan los marines: los tanques criogénicos de los Magos están destruidos.
spacehulk-win-escaped_half = Ganan los marines: la mitad de la fuerza se ha teletransportado fuera de la sala de control.
spacehulk-lose-escape_failed = Ganan los genestealers: quedan demasiado pocos marines para escapar.
spacehulk-win-all_secured = Ganan los marines: todas las áreas de entrada genestealer están aseguradas.
spacehulk-say-sighted = Los marines avistan su primer genestealer, { $model }.
spacehulk-squad-command = Mando
spacehulk-squad-heavy = Armas pesadas
spacehulk-squad-standard = Estándar
spacehulk-squad-assault = Asalto
spacehulk-squad-recon = Reconocimiento
spacehulk-say-jams_cleared = Encasquillamientos resueltos: { $models }.
spacehulk-say-overwatch_cleared = Termina el fuego de supresión de { $models }.
spacehulk-say-overwatch_ended = { $model } { $reason ->
        [jammed] se encasquilla y deja el fuego de supresión
       *[assaulted] es atacado y deja el fuego de supresión
    }.
spacehulk-say-cp_discarded = Se descartan los puntos de mando que los marines no gastaron.
spacehulk-say-feature_wrecked = Destruido: { $squares }.
spacehulk-say-fall_rolled = { $model } saca un { $roll } en la caída.
spacehulk-say-fell = { $model } cae a { $square }.
spacehulk-say-shifted = { $model } pasa a { $square }{ $prone ->
        [yes] {" "}y queda tumbado
       *[no] {""}
    }.
spacehulk-say-malfunctioned = El arma de { $model } falla y explota (tiradas { $rolls }).
spacehulk-say-bag_refilled = La bolsa de blips se rellena con las fichas usadas.
spacehulk-mission-dw_reconnaissance = Generador Deathwing: Reconocimiento
spacehulk-mission-dw_establish_perimeter = Generador Deathwing: Establecer el perímetro
spacehulk-mission-dw_defend_perimeter = Generador Deathwing: Defender el perímetro
spacehulk-mission-dw_raid = Generador Deathwing: Incursión
spacehulk-mission-dw_escape = Generador Deathwing: Huida
spacehulk-mission-dw_search_and_destroy = Generador Deathwing: Buscar y destruir
spacehulk-mission-dw_generator = Generador Deathwing: un escenario al azar
spacehulk-mission-dw_cloud_runner = La última batalla de Cloud Runner
# La última batalla de Cloud Runner (engine/spacehulk/cloud_runner.py), tabla de resultados DW-CR-10
spacehulk-win-leader = Ganan los marines: el líder genestealer ha muerto (tablero { $board }). { $kills } genestealers eliminados: { $result ->
        [heroic] heroico; vuestros Ancestros descansan vengados ante el Ala de Muerte y vuestro ejemplo inspira para siempre.
        [famous] un fracaso famoso, pero vuestro valor os ha dado honor; se os echará de menos.
        [ordinary] aceptable pero corriente; redención desperdiciada, y la mediocridad es casi tan mala como el fracaso.
        [badly] lo habéis hecho mal; vuestros nombres son una mancha maldecida por cada generación.
       *[incompetence] incompetencia flagrante; la Compañía es borrada de los registros.
    }
spacehulk-lose-fallen = Ganan los genestealers: la escuadra de Cloud Runner cayó en el tablero { $board }. { $kills } genestealers eliminados: { $result ->
        [heroic] heroico; vuestros Ancestros descansan vengados ante el Ala de Muerte y vuestro ejemplo inspira para siempre.
        [famous] un fracaso famoso, pero vuestro valor os ha dado honor; se os echará de menos.
        [ordinary] aceptable pero corriente; redención desperdiciada, y la mediocridad es casi tan mala como el fracaso.
        [badly] lo habéis hecho mal; vuestros nombres son una mancha maldecida por cada generación.
       *[incompetence] incompetencia flagrante; la Compañía es borrada de los registros.
    }
spacehulk-say-board_entered = Todos los supervivientes llegaron al pasillo de salida: empieza el tablero { $board }, con la escuadra en su pasillo de entrada.
spacehulk-say-reinforcement_rolled = Tirada de refuerzos { $roll }: { $result ->
        [genestealer] una emboscada, un genestealer
        [lost] una emboscada, un genestealer sin sitio (perdido)
        [echo] un eco de emboscada (-1 PM el próximo turno)
       *[blips] { $blips } contactos
    }.
spacehulk-reload-cache_full = { $name } ya lleva todas las recargas que permite el alijo.
spacehulk-say-cache = { $model } toma una recarga del alijo de armas.
spacehulk-image-deck = El pecio (columnas A, B, C…, filas 1, 2, 3…)
