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
spacehulk-assault-psychic_short = A { $name } { $psychic ->
        [one] le queda { $psychic } punto psíquico
       *[other] le quedan { $psychic } puntos psíquicos
    }.

spacehulk-auto-ammo = El fuego automático necesita { $bursts } ráfagas; { $left ->
        [one] queda { $left }
       *[other] quedan { $left }
    }.
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

spacehulk-draw-escape = Empate: { $count ->
        [one] ha escapado { $count } marine
       *[other] han escapado { $count } marines
    }.
spacehulk-draw-flame = Empate: las secciones objetivo han ardido.
spacehulk-draw-kill = Empate: { $count ->
        [one] { $count } genestealer eliminado
       *[other] { $count } genestealers eliminados
    }.
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

spacehulk-win-escape = Ganan los marines: { $count ->
        [one] ha escapado { $count } marine
       *[other] han escapado { $count } marines
    }.
spacehulk-win-flame = Ganan los marines: han quemado las secciones objetivo.
spacehulk-win-kill = Ganan los marines: { $count ->
        [one] { $count } genestealer eliminado
       *[other] { $count } genestealers eliminados
    }.
spacehulk-win-seal = Ganan los marines: todas las áreas de entrada están selladas.
spacehulk-win-survive = Ganan los marines: han resistido { $turns } turnos.

spacehulk-force-budget = Esa fuerza cuesta { $cost } puntos; tienes { $budget }.
spacehulk-force-captains = Tu fuerza solo puede tener un Capitán; tiene { $count }.
spacehulk-force-no_leader = Tu fuerza necesita un Sargento o un Capitán.
spacehulk-force-none = Ahora no hay ninguna fuerza que formar.
spacehulk-deploy-none = Ahora no hay ningún despliegue que hacer.
spacehulk-deploy-not_marine = { $model } no es uno de tus marines.
spacehulk-deploy-off_board = { $square } está fuera del tablero.
spacehulk-deploy-wall = { $square } es una pared: despliega en una casilla de suelo.
spacehulk-deploy-door = { $square } tiene una puerta: despliega en una casilla de suelo sin puerta.
spacehulk-deploy-feature = { $square } no es suelo libre (hay una caja, un tanque criogénico, un foso, una escalera o un conducto).
spacehulk-deploy-occupied = { $square } está ocupada por { $other }.
spacehulk-deploy-entry = { $square } está en la zona de entrada { $area }, que no está asegurada: despliega al menos a 2 casillas de su casilla de entrada.
spacehulk-deploy-carried = Las 4 zonas aseguradas en Establecer el Perímetro siguen aseguradas: no hay zonas que elegir.
spacehulk-deploy-areas = Elige exactamente { $count } zonas de entrada distintas; has nombrado { $given }.
spacehulk-deploy-unknown_area = No hay ninguna zona de entrada { $area } que puedan usar los Genestealers.
spacehulk-deploy-pick_blocked = { $model } está en la zona de entrada { $area }: mantenla asegurada o muévelo antes.
spacehulk-force-one_squad = Esta misión admite una sola escuadra de la Lista de Fuerzas; tu fuerza tiene { $count }.
spacehulk-force-option = La escuadra { $squad } no puede llevar la opción { $option }.
spacehulk-force-reloads = La escuadra { $squad } puede comprar 1 recarga por lanzallamas pesado ({ $flamers }) y 2 por cañón de asalto ({ $cannons }).
spacehulk-force-room = Solo caben { $room } Exterminadores en las casillas de despliegue; tu fuerza tiene { $count }.
spacehulk-force-squads = Cada escuadra debe desplegar entera en un solo pasillo de despliegue: escuadras de { $sizes } Exterminadores no caben en pasillos de { $rooms } casillas.
spacehulk-option-force_points = La opción { $option } vale { $value }; una misión generada admite de { $low } a { $high } puntos de la Lista de Fuerzas.
spacehulk-force-swap = El soldado { $member } de la escuadra { $squad } no puede llevar { $option }.
spacehulk-force-swap_twice = El soldado { $member } de la escuadra { $squad } ya cambió esa arma.

# Escenarios del Generador de Misiones (engine/spacehulk/scenarios.py)
spacehulk-teleport-locked = Teletransportarse fuera espera a que se hayan colocado { $count } genestealers, o a que termine el turno { $turn }.
spacehulk-teleport-locked_count = Teletransportarse fuera espera a que se hayan colocado { $count } genestealers.
spacehulk-teleport-room = En este escenario los marines solo se teletransportan fuera desde dentro de la sala de control.
spacehulk-win-recon_out = Ganan los marines: han visto a los genestealers y se han teletransportado fuera perdiendo como mucho un marine.
spacehulk-draw-recon_draw = Empate: los marines se han ido sin ver ningún genestealer.
spacehulk-lose-recon_kills = Ganan los genestealers: han matado a { $count } marines.
spacehulk-win-perimeter = Ganan los marines: las áreas de entrada del perímetro están aseguradas.
spacehulk-lose-corridor = Ganan los genestealers: han llegado a un pasillo de entrada de los marines.
spacehulk-win-wiped = Ganan los marines: la fuerza genestealer se ha agotado y ha sido aniquilada.
spacehulk-win-held = Ganan los marines: han mantenido el perímetro; ha terminado el último turno de los genestealers y ninguno ha llegado a un pasillo de entrada marine.
spacehulk-win-tanks = Ganan los marines: los tanques criogénicos de los Magos están destruidos.
spacehulk-win-escaped_half = Ganan los marines: la mitad de la fuerza se ha teletransportado fuera de la sala de control.
spacehulk-lose-escape_failed = Ganan los genestealers: quedan demasiado pocos marines para escapar.
spacehulk-win-all_secured = Ganan los marines: todas las áreas de entrada genestealer están aseguradas.
spacehulk-say-sighted = Los marines avistan su primer genestealer, { $model }.
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
       *[blips] { $blips } blips
    }.
spacehulk-reload-cache_full = { $name } ya lleva todas las recargas que permite el alijo.
spacehulk-say-cache = { $model } toma una recarga del alijo de armas { $into ->
    [reserve] para su reserva
   *[weapon] para su arma
}.
spacehulk-tile-none = No hay ninguna geoloseta esperando a colocarse.
spacehulk-tile-where = La geoloseta { $tile } no puede ir ahí: debe unirse a un pasillo del tablero sin solaparse.
spacehulk-solo_tie-none = No hay ningún empate esperando tu elección.
spacehulk-solo_tie-pick = { $pick } no es una de las opciones empatadas ({ $candidates }).
spacehulk-prompt-place_tile = Coloca la geoloseta { $tile }: debe unirse a un pasillo del tablero.
spacehulk-act-place_tile = Geoloseta { $tile }, girada { $turns } × 90°, en la columna { $x }, fila { $y }
spacehulk-say-tile_placed = Se coloca la geoloseta { $tile }, girada { $turns } × 90°, en la columna { $x }, fila { $y }.
spacehulk-say-board_built = El tablero está completo: los pasillos de despliegue de los marines están unidos.
spacehulk-say-corridors_extended = Los pasillos de despliegue crecen { $count } { $count ->
    [one] casilla
   *[other] casillas
 } para que cada escuadra quepa entera (DW-GEN-7).
spacehulk-status-blips = Blips: { $used } de { $total } usados.
spacehulk-status-perimeter = Perímetro por asegurar: áreas de entrada { $areas }.
spacehulk-status-held = Los marines mantienen el perímetro si ningún genestealer llega a un pasillo antes del final del turno { $turn }.
spacehulk-status-teleport_unlock = El teletransporte de salida se desbloquea cuando se hayan colocado { $count } genestealers, o cuando termine el turno { $turn }.
spacehulk-status-board = Tablero { $board } de { $boards }.
spacehulk-panel-leader = El líder genestealer es { $model } ({ $ap } PA, 4 dados de ataque).
