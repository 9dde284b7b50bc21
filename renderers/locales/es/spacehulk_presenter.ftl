# spacehulk presenter (es): the hulk image, action labels with their cost, prompts, status, private panel and narration (renderers/spacehulk). Project Fluent syntax: see renderers/locales/README.md.

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
spacehulk-act-break_tie = { $tie ->
    [area] El área de entrada { $pick } recibe el marcador
    [mover] { $pick } mueve primero
   *[dice] Que decidan los dados
}
spacehulk-act-break_tie_lurking = { $pick } (esperando en el área de entrada { $area }) mueve primero
spacehulk-act-pass = Pasar
spacehulk-act-end_turn = Terminar la fase de acción
spacehulk-act-deploy = { $model }: desplegar en { $square } mirando { $facing }
spacehulk-act-pick_perimeter = Asegurar las zonas { $areas } antes de jugar
spacehulk-act-end_deployment = { $corridors ->
        [yes] Desplegar en los pasillos
       *[no] Hecho: empezar la misión así
    }
spacehulk-act-unknown = Acción desconocida
spacehulk-group = { $kind ->
        [marine] Exterminador { $model }
        [genestealer] Genestealer { $model }
       *[blip] Blip { $model }
    }{ $pay ->
        [cp] {" "}· pagando con puntos de mando
       *[ap] {""}
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
spacehulk-prompt-deploy = { $pick ->
        [yes] Despliega tus marines donde quieras del tablero (una casilla y una orientación cada uno) y elige las 4 zonas de entrada aseguradas antes de jugar, o despliega en los pasillos. Las casillas enmarcadas en rojo, junto a una zona de entrada abierta, les están vedadas.
       *[no] Despliega tus marines donde quieras del tablero (una casilla y una orientación cada uno); las 4 zonas aseguradas en Establecer el Perímetro siguen aseguradas. O despliega en los pasillos. Las casillas enmarcadas en rojo, junto a una zona de entrada abierta, les están vedadas.
    }
spacehulk-status-deploying = Preparación: el jugador marine despliega donde quiere (Defender el Perímetro). Aseguradas antes de jugar: { $areas }.
spacehulk-prompt-shift = Elige adónde va la miniatura.
spacehulk-prompt-solo_tie = { $tie ->
    [area] Las áreas de entrada { $candidates } están igual de cerca de un Marine ({ $distance } PA) y { $slots ->
        [one] queda un marcador
       *[other] quedan { $slots } marcadores
    } para ellas: ¿qué área recibe el siguiente marcador? (Los empates los decides tú; la orden permanente «empates: que decidan los dados» los responde por ti.)
   *[mover] Los Genestealers { $candidates } están igual de cerca de un Marine ({ $distance } PA): ¿cuál mueve primero? (Los empates los decides tú; la orden permanente «empates: que decidan los dados» los responde por ti.)
}
spacehulk-prompt-other = Elige.
spacehulk-status-title = **{ $mission }**
spacehulk-status-setup = Preparación: el jugador genestealer coloca los primeros blips.
spacehulk-status-setup_tie = Preparación: los genestealers automáticos esperan a que deshagas un empate entre áreas de entrada.
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
    } en { $square }: { $dice }{ $bonus ->
        [0] {""}
       *[other] {" "}+{ $bonus }
    } (necesita { $needed }) — { $hit ->
        [yes] impacto
       *[no] { $deflected ->
            [yes] desviado por los escombros ({ $rubble })
           *[no] fallo
        }
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
spacehulk-say-deployed = { $model } despliega en { $square } mirando { $facing }.
spacehulk-say-perimeter_picked = Las zonas de entrada { $areas } quedan aseguradas antes de jugar.
spacehulk-say-deployment_ended = { $corridors ->
        [yes] Los marines despliegan en los pasillos.
       *[no] Los marines ya están desplegados.
    }
spacehulk-ui-deploy_form = Colocar un marine
spacehulk-ui-deploy_title = Desplegar un marine
spacehulk-ui-deploy_model = Marine (p. ej. M1)
spacehulk-ui-deploy_square = Casilla (p. ej. D7)
spacehulk-ui-deploy_facing = Orientación (N, E, S u O)
spacehulk-ui-posts = Enviar un marine a un puesto de guardia
spacehulk-ui-picks = Zonas de entrada aseguradas antes de jugar
spacehulk-ui-pick_form = Elegir las 4 zonas
spacehulk-ui-pick_title = Zonas aseguradas antes de jugar
spacehulk-ui-pick_areas = 4 zonas de entrada (p. ej. 1 3 5 7)
spacehulk-ui-bad_model = { $word } no es un marine: escribe M y su número, p. ej. M1.
spacehulk-ui-bad_square = { $word } no es una casilla: las casillas se nombran como D7 (letra de columna, número de fila).
spacehulk-ui-bad_facing = { $word } no es una orientación: escribe N, E, S u O.
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
spacehulk-image-deck = El pecio (columnas A, B, C…, filas 1, 2, 3…)
