# clickwars (es). Project Fluent syntax: see renderers/locales/README.md.

clickwars-action-charge = Cargar con { $unit } a { $bearing }°
clickwars-action-confirm_deployment = Confirmar despliegue
clickwars-action-confirm_setup = Confirmar mesa y ejércitos
clickwars-action-crew = { $unit } sirve el cañón { $gun }
clickwars-action-deploy_cover = Desplegar tras cobertura
clickwars-action-deploy_line = Desplegar en línea
clickwars-action-deploy_spread = Desplegar disperso
clickwars-action-edge_north = Quedarme el borde norte (y = 120)
clickwars-action-edge_south = Quedarme el borde sur (y = 0)
clickwars-action-end_phase = Terminar fase
clickwars-action-fight = { $unit } lucha con { $target } ({ $chance } %)
clickwars-action-move = Mover { $unit } a ({ $x }, { $y })
clickwars-action-place = Colocar { $unit } en ({ $x }, { $y })
clickwars-action-quarry = Nombrar presa: { $quarry }
clickwars-action-role_attacker = Atacar
clickwars-action-role_defender = Defender
clickwars-action-shoot = { $unit } dispara a { $target } ({ $chance } %)
clickwars-action-shoot_indirect = { $unit } tira oblicuo a { $target } ({ $chance } %)
clickwars-action-shoot_point = { $unit } dispara a ({ $x }, { $y })
clickwars-action-unknown = Acción desconocida

clickwars-after_charge_no_move = { $unit } cargó en el turno anterior y no puede moverse, huir ni cargar este turno.

clickwars-already_fought = { $unit } ya ha luchado este turno.

clickwars-already_moved = { $unit } ya se ha movido este turno.

clickwars-already_shot = { $unit } ya ha hecho su ataque a distancia este turno.

clickwars-army_empty = Un ejército necesita al menos una figura.

clickwars-army_gun_without_crew = Cada cañón necesita su servidor: { $guns } cañones, { $crews } servidores.

clickwars-army_too_big = Un ejército puede tener como mucho { $limit } figuras; este tiene { $count }.

clickwars-army_unknown_profile = No hay ningún perfil llamado { $name }; elige entre { $known }.

clickwars-bad_quarry = { $quarry } no es ni una de tus figuras ni un perfil de tu ejército.

clickwars-cannot_crew = { $unit } no puede servir un cañón: solo puede un infante que no sirva ya otro.

clickwars-cause-axe = hacha
clickwars-cause-bayonet = bayoneta
clickwars-cause-blast = explosión
clickwars-cause-bow = arco
clickwars-cause-cannon = cañón
clickwars-cause-charge = carga
clickwars-cause-critical = crítico
clickwars-cause-dagger = daga
clickwars-cause-fists = puños
clickwars-cause-friendly_fire = fuego amigo
clickwars-cause-fumble = pifia
clickwars-cause-fumble_comrade = pifia de un compañero
clickwars-cause-fumble_self = pifia
clickwars-cause-knife = cuchillo
clickwars-cause-lance = lanza
clickwars-cause-pistol = pistola
clickwars-cause-rifle = rifle
clickwars-cause-sword = espada
clickwars-cause-thrown_axes = hacha arrojadiza

clickwars-charge_blocked = La carga de { $unit } chocaría con { $other }: no se carga a través de amigos, cañones ni rehenes.

clickwars-charge_cavalry_only = Solo la caballería puede cargar; { $unit } no es caballería.

clickwars-charge_end_occupied = { $unit } acabaría su carga encima de { $other }.

clickwars-charge_engaged = { $unit } está trabado en cuerpo a cuerpo y no puede cargar.

clickwars-charge_lancer = La caballería no puede cargar contra lanceros, y { $other } está en el camino de { $unit }.

clickwars-charge_no_shooting = { $unit } cargó y no puede atacar a distancia este turno ni el siguiente.

clickwars-charge_short = { $unit } no puede completar los 30 cm de la carga dentro de la mesa en esa dirección.

clickwars-charge_terrain = Una carga necesita terreno normal todo el camino; ese recorrido cruza { $area }.

clickwars-crew_blocked = { $crew } no puede acompañar a { $unit } hasta ahí.

clickwars-crew_contact = Coloca a { $unit } en contacto con su cañón { $gun }.

clickwars-deploy_missing = Coloca primero estas piezas: { $units }.

clickwars-end-assault_taken = el atacante tomó la posición
clickwars-end-both_quarries = cayeron ambas presas
clickwars-end-defended = el defensor resistió hasta la última ronda
clickwars-end-extermination = el ejército enemigo fue exterminado
clickwars-end-held = se mantuvo el objetivo (Rojo { $red }, Azul { $blue } puntos)
clickwars-end-held_draw = empate a puntos de objetivo (Rojo { $red }, Azul { $blue })
clickwars-end-hunt = la presa ({ $quarry }) fue abatida
clickwars-end-mutual_destruction = cayeron ambos ejércitos
clickwars-end-rescued = un rehén fue rescatado
clickwars-end-standing = más tropas en pie tras la última ronda (Rojo { $red }, Azul { $blue })
clickwars-end-standing_draw = las mismas tropas en pie en cada bando (Rojo { $red }, Azul { $blue })

clickwars-engaged_cannot_move = { $unit } está trabado con { $enemy }: solo lanceros y caballería pueden huir; los demás solo pueden acercarse.

clickwars-engaged_no_shooting = { $unit } está trabado en cuerpo a cuerpo y no puede disparar.

clickwars-fled_no_attack = { $unit } huyó del cuerpo a cuerpo este turno y no puede atacar.


clickwars-gun_has_crew = { $unit } ya tiene servidor: { $crew }.

clickwars-gun_immune = El cañón { $target } no tiene servidor, y solo un cañón puede dañar a otro cañón.

clickwars-gun_no_cc = Un cañón no lucha cuerpo a cuerpo; lo hace su servidor.

clickwars-gun_uncrewed = { $unit } no tiene servidor y no puede moverse ni disparar.

clickwars-hostage_spot = Un rehén va en tu mitad, a 30 cm o más del área enemiga; ({ $x }, { $y }) no lo está.

clickwars-idle = { $unit } soltó el arma y no hace nada este turno.

clickwars-impassable = { $unit } no puede entrar ni quedarse en terreno impracticable.

clickwars-indirect_guns_only = Solo un cañón puede hacer tiro oblicuo; { $unit } no es un cañón.

clickwars-legend-blast = Explosión (5 cm) y desvío
clickwars-legend-building = Edificio: impracticable, tapa la vista
clickwars-legend-cm = cm
clickwars-legend-corridor = Pasillo de carga
clickwars-legend-hill = Colina (+10 cm de alcance)
clickwars-legend-move = Último movimiento
clickwars-legend-objective = Objetivo
clickwars-legend-other = Otro terreno
clickwars-legend-rock = Roca: impracticable, tapa la vista
clickwars-legend-shot_hit = Disparo acertado
clickwars-legend-shot_miss = Disparo fallido
clickwars-legend-strip = Áreas de despliegue (20 cm)
clickwars-legend-swamp = Ciénaga: difícil
clickwars-legend-title = Leyenda
clickwars-legend-units = Unidades (id, tipo, vida)
clickwars-legend-wood = Bosque: difícil, oculta a más de 5 cm
clickwars-legend-your_plan = Tu despliegue secreto

clickwars-mode-artillery = dispara el cañón
clickwars-mode-indirect = hace tiro oblicuo
clickwars-mode-melee = golpea
clickwars-mode-ranged = dispara

clickwars-name = ClickWars

clickwars-no_move = { $unit } se quedaría donde está; para dejarlo, termina la fase.

clickwars-no_ranged_weapon = { $unit } no tiene arma a distancia.

clickwars-no_sight = { $unit } no ve a { $target }: está a cubierto.

clickwars-no_sight_gun = { $unit } no ve a { $target }; usa el tiro oblicuo.

clickwars-not_a_gun = { $unit } no es uno de tus cañones.

clickwars-not_enemy = { $unit } es de los tuyos.

clickwars-not_in_contact = { $unit } está a { $gap } cm de { $gun }; debe estar en contacto con la peana.


clickwars-not_yours = { $unit } no es de los tuyos.

clickwars-now-assault = Es la fase de Asalto: lucha o termina la fase.
clickwars-now-counter = Es el contraasalto: lucha o termina la fase.
clickwars-now-deploy = Primero despliega tu ejército.
clickwars-now-edge = Primero el ganador de la tirada debe elegir borde.
clickwars-now-end = El turno está terminando.
clickwars-now-movement = Es la fase de Movimiento: mueve, carga, sirve un cañón o termina la fase.
clickwars-now-over = La partida ha terminado.
clickwars-now-quarry = Primero nombra tu presa.
clickwars-now-role = Primero el ganador de la tirada debe elegir atacar o defender.
clickwars-now-setup = Primero ambos jugadores deben confirmar la mesa y los ejércitos.
clickwars-now-shooting = Es la fase de Disparo: dispara o termina la fase.

clickwars-off_table = { $unit } se saldría de la mesa en ({ $x }, { $y }).

clickwars-out_of_range = { $target } está a { $distance } cm de { $unit }; el alcance es { $range } cm.

clickwars-out_of_reach = { $target } está a { $distance } cm de { $unit }; su alcance CC es { $reach } cm.

clickwars-outside_area = { $unit } en ({ $x }, { $y }) no quedaría entera dentro de tu área (y de { $lo } a { $hi } cm).

clickwars-overlap = { $unit } se solaparía con { $other }.

clickwars-phase-assault = Asalto
clickwars-phase-counter = Contraasalto
clickwars-phase-deploy = Despliegue secreto
clickwars-phase-edge = Eligiendo bordes
clickwars-phase-end = Fin del turno
clickwars-phase-movement = Movimiento
clickwars-phase-over = Partida terminada
clickwars-phase-quarry = Nombrando las presas
clickwars-phase-role = Eligiendo atacante y defensor
clickwars-phase-setup = Preparando la mesa
clickwars-phase-shooting = Disparo

clickwars-point_off_table = ({ $x }, { $y }) está fuera de la mesa.

clickwars-point_out_of_range = Ese punto está a { $distance } cm de { $unit }; el alcance es { $range } cm.

clickwars-private-deployment = Tu despliegue previsto (secreto hasta que ambos confirméis): { $spots }

clickwars-profile-archer = Arquero
clickwars-profile-axe_thrower = Lanzahachas
clickwars-profile-cannon = Cañón
clickwars-profile-cavalry = Caballería
clickwars-profile-gun_crew = Servidor
clickwars-profile-lancer = Lancero
clickwars-profile-rifleman = Fusilero
clickwars-profile-swordsman = Espadachín

clickwars-prompt-assault = Asalto: elige unidad y enemigo con el que lucha, o termina la fase.
clickwars-prompt-counter = Contraasalto: devuelve el golpe o termina la fase.
clickwars-prompt-deploy = Despliega tu ejército en tu franja de 20 cm; nadie lo ve hasta que ambos confirmáis.
clickwars-prompt-edge = Ganaste la tirada: elige tu borde.
clickwars-prompt-movement = Movimiento: elige una unidad para mover, cargar o servir un cañón, o termina la fase.
clickwars-prompt-over = La partida ha terminado.
clickwars-prompt-quarry = Nombra tu presa: la figura o el tipo que el enemigo debe cazar.
clickwars-prompt-role = Ganaste la tirada: ¿atacas o defiendes?
clickwars-prompt-setup = Revisa la mesa y ambos ejércitos y confirma.
clickwars-prompt-shooting = Disparo: elige unidad y objetivo, o termina la fase.

clickwars-rules =
    Dos ejércitos de muñecos en una mesa de 120x120 cm; todas las distancias en cm, todas las tiradas con d10.
    • **Turno**: las unidades heridas en su propia área de 20 cm se curan 1d10; luego **Movimiento** (caballería 20 cm, infantería 10, artillería 5; el terreno difícil cuesta el doble; el impracticable no se puede pisar), **Disparo** (un ataque a distancia por unidad: rifles, arcos, pistolas 20 cm, hachas arrojadizas 10, cañón 40 con explosión de 5 cm; +10 cm desde una colina), **Asalto** (cuerpo a cuerpo al alcance: 1 cm, lanzas 3 cm).
    • **Impacto**: d10 ≤ DI (distancia) o CC (cuerpo a cuerpo). Un 1 mata en el acto, un 10 es una pifia.
    • **Daño**: d10 con el modificador del arma, menos d10 por armadura y d10 por escudo.
    • **Carga de caballería**: 30 cm en línea recta por terreno normal; cada enemigo en el pasillo recibe 1d10+2 y es apartado. No se carga contra lanceros.
    • **Artillería**: solo un cañón daña a otro cañón; un fallo se desvía d10 × 2,54 cm y solo daña a las unidades propias; el tiro oblicuo alcanza lo que el cañón no ve.
    • **Victoria**: extermina al enemigo, o ten más figuras en pie tras la ronda 8 (o gana el escenario elegido).

clickwars-say-armour = , tirada de armadura −{ $roll }
clickwars-say-attack_critical = { $unit } { $how } a { $target }: d10 = 1, ¡crítico!
clickwars-say-attack_fumble = { $unit } { $how } a { $target }: d10 = 10, ¡pifia!
clickwars-say-attack_hit = { $unit } { $how } a { $target }: d10 = { $roll } (necesita { $need } o menos), impacto.
clickwars-say-attack_miss = { $unit } { $how } a { $target }: d10 = { $roll } (necesita { $need } o menos), fallo.
clickwars-say-blast_all = Bajo la explosión: { $units }.
clickwars-say-blast_empty = La explosión no alcanza a nadie.
clickwars-say-blast_none = La explosión no alcanza a nadie.
clickwars-say-blast_own = Explosión fallida: solo sufren las unidades propias ({ $units }).
clickwars-say-charged = ¡{ $unit } carga 30 cm a { $bearing }°!
clickwars-say-confirmed = { $side } confirma la mesa y los ejércitos.
clickwars-say-crew_joined = { $unit } sirve ahora el cañón { $gun }.
clickwars-say-crew_left = { $unit } deja de servir el cañón { $gun }.
clickwars-say-damaged = { $unit } recibe daño de { $cause }: d10 = { $die } → { $gross }{ $saves } → { $net }; vida { $life }.
clickwars-say-edge_north = { $side } se queda el borde norte.
clickwars-say-edge_south = { $side } se queda el borde sur.
clickwars-say-ff_hit = Disparo al cuerpo a cuerpo: d10 = { $roll } (impar), el disparo alcanza a { $unit }.
clickwars-say-ff_none = Disparo al cuerpo a cuerpo: d10 = { $roll } (par), ningún amigo herido.
clickwars-say-fled = { $unit } huye del cuerpo a cuerpo ({ $cost } cm).
clickwars-say-fumble_1 = Tabla de pifias d10 = 1: { $unit } se hiere (1d10).
clickwars-say-fumble_10 = Tabla de pifias d10 = 10: { $unit } se hiere y muere.
clickwars-say-fumble_2 = Tabla de pifias d10 = 2: { $unit } suelta el arma y pierde su próximo turno.
clickwars-say-fumble_3 = Tabla de pifias d10 = 3: { $unit } se hiere (1d10+1).
clickwars-say-fumble_4 = Tabla de pifias d10 = 4: el arma de { $unit } se rompe.
clickwars-say-fumble_5 = Tabla de pifias d10 = 5: { $unit } se hiere (1d10+2).
clickwars-say-fumble_6 = Tabla de pifias d10 = 6: { $unit } alcanza al compañero más cercano (1d10).
clickwars-say-fumble_7 = Tabla de pifias d10 = 7: { $unit } se hiere (1d10+3).
clickwars-say-fumble_8 = Tabla de pifias d10 = 8: { $unit } alcanza a los dos compañeros más cercanos (1d10 cada uno).
clickwars-say-fumble_9 = Tabla de pifias d10 = 9: { $unit } se hiere (1d10+4).
clickwars-say-healed = { $unit } se cura en su área: d10 = { $roll }, vida { $life }.
clickwars-say-idled = { $unit } no hará nada en el próximo turno de su ejército.
clickwars-say-killed = { $unit } cae ({ $cause }).
clickwars-say-moved = { $unit } se mueve ({ $cost } cm de movimiento).
clickwars-say-phase_ended = { $side } termina la fase de { $phase }.
clickwars-say-pushed = { $unit } es apartado a ({ $x }, { $y }).
clickwars-say-quarry = { $side } nombra su presa: { $quarry }.
clickwars-say-ready = { $side } ha desplegado.
clickwars-say-recovered = { $unit } se levanta de nuevo: d10 = { $roll }, vida { $life }.
clickwars-say-revealed = Se revelan ambos despliegues.
clickwars-say-role_attacker = { $side } ataca.
clickwars-say-role_defender = { $side } defiende.
clickwars-say-roll_pair = Rojo { $red }, Azul { $blue }
clickwars-say-rolled_off = Tirada inicial (d10): { $rolls }. Empieza { $side }.
clickwars-say-round_ended = Termina la ronda { $round }.
clickwars-say-round_held = Termina la ronda { $round }; { $side } controla el objetivo.
clickwars-say-scattered = La explosión se desvía { $distance } cm (d10 = { $roll }, × 2,54 cm) a { $bearing }°.
clickwars-say-scattered_off = La explosión se desvía { $distance } cm (d10 = { $roll }, × 2,54 cm) a { $bearing }°, fuera de la mesa: sin efecto.
clickwars-say-shield = , tirada de escudo −{ $roll }
clickwars-say-the_point = el punto
clickwars-say-turn = Ronda { $round }: turno de { $side }.
clickwars-say-weapon_broken = El arma de { $unit } queda rota para el resto de la partida.

clickwars-scenario-assault = Asalto a una posición
clickwars-scenario-extermination = Exterminio
clickwars-scenario-hostage_rescue = Rescate de rehenes
clickwars-scenario-hunt = Cacería
clickwars-scenario-take_and_hold = Tomar y mantener

clickwars-seat-blue = Azul
clickwars-seat-red = Rojo

clickwars-side-blue = Azul
clickwars-side-red = Rojo

clickwars-status-attacker = Atacante: { $side }
clickwars-status-scores = Puntos: Rojo { $red }, Azul { $blue }
clickwars-status-standing = Figuras en pie: Rojo { $red }, Azul { $blue }
clickwars-status-title = **ClickWars** · { $scenario }
clickwars-status-turn = Ronda { $round }/{ $rounds } · turno de { $side } · { $phase }

clickwars-terrain_duplicate = Dos piezas de terreno se llaman { $id }.

clickwars-terrain_off_table = La pieza de terreno { $id } no cabe en la mesa de { $width }x{ $height } cm.

clickwars-through_enemy = { $unit } no puede atravesar a { $enemy }.

clickwars-too_far = Ese recorrido cuesta { $cost } cm; { $unit } puede mover { $limit } cm.

clickwars-unit_dead = { $unit } no está en la mesa.

clickwars-unknown_action = Esa no es una acción de ClickWars.

clickwars-unknown_unit = No hay ninguna unidad llamada { $unit }.

clickwars-weapon_broken = El arma de { $unit } está rota.

# Los controles: elegir una unidad, previsualizar, confirmar (renderers/clickwars/controls.py).
clickwars-crew_stays = { $unit } sirve el cañón { $gun } y se mueve con él: elige el cañón para mover a ambos.
clickwars-nothing_to_confirm = No hay ningún movimiento ni carga que confirmar: elige uno antes.
clickwars-action-select = Elegir { $unit }
clickwars-action-plan_move = Previsualizar un movimiento de { $unit }
clickwars-action-plan_charge = Previsualizar una carga de { $unit } a { $bearing }°
clickwars-dir-N = norte
clickwars-dir-NE = noreste
clickwars-dir-E = este
clickwars-dir-SE = sureste
clickwars-dir-S = sur
clickwars-dir-SW = suroeste
clickwars-dir-W = oeste
clickwars-dir-NW = noroeste
clickwars-img-cost = coste { $cost } de { $limit } cm
clickwars-private-selected = Elegida: { $unit }, vida { $life }/{ $max }, en ({ $x }, { $y }).
clickwars-private-move_preview = Previsualización: { $unit } se mueve { $length } cm hasta ({ $x }, { $y }); cuesta { $cost } de sus { $limit } cm. Confirma o elige de nuevo.
clickwars-private-charge_preview = Previsualización: { $unit } carga 30 cm a { $bearing }° hasta ({ $x }, { $y }); en el pasillo: { $victims } (cada una recibe 1d10+2, sin armadura). Confirma o elige de nuevo.
clickwars-ui-bad_unit = Unidad: «{ $value }» no es una unidad sobre la mesa. Escribe su número como en el tablero, por ejemplo «{ $example }».
clickwars-ui-bad_to = Destino: «{ $value }» no es un punto, ni una unidad, ni una dirección. Escribe coordenadas en cm, una unidad o una dirección (grados o N, NE…), por ejemplo «40 35», «{ $example }» o «NE».
clickwars-ui-bad_distance = Distancia: «{ $value }» no es una longitud. Escribe centímetros mayores que 0, por ejemplo «7,5» o «7,5 cm» (pulgadas solo con su unidad: «3 pulg»), o déjala vacía para ir tan lejos como se pueda.
clickwars-ui-bad_bearing = Rumbo: «{ $value }» no es un rumbo. Escribe grados enteros de 0 a 359 (0 = norte, 90 = este) o una dirección como NE, por ejemplo «45».
clickwars-ui-bad_x = X: «{ $value }» no es una longitud en cm. Escribe un número de 0 a { $limit }, por ejemplo «40» o «40,5» (pulgadas solo con su unidad: «16 pulg»).
clickwars-ui-bad_y = Y: «{ $value }» no es una longitud en cm. Escribe un número de 0 a { $limit }, por ejemplo «35» o «35,5».
clickwars-ui-need_both = X: «{ $value }» da una sola coordenada; escribe las dos en cm, x e y, por ejemplo «40 35» (o x aquí e y abajo).
clickwars-ui-bad_choice = Esa opción ya no está disponible.
clickwars-ui-field-unit = Unidad
clickwars-ui-field-unit_hint = Su número en el tablero: R3, B7 o solo 3
clickwars-ui-field-x = X (cm), o «x y»
clickwars-ui-field-x_hint = 0 a { $limit } cm desde el borde oeste, p. ej. 40 o 40 35
clickwars-ui-field-y = Y (cm)
clickwars-ui-field-y_hint = 0 a { $limit } cm desde el borde sur, p. ej. 35
clickwars-ui-field-to = Destino: punto, unidad o dirección
clickwars-ui-field-to_hint = 40 35 · B7 · NE · 45
clickwars-ui-field-distance = Distancia (cm)
clickwars-ui-field-distance_hint = Vacía: tan lejos como se pueda (hasta { $limit } cm)
clickwars-ui-field-bearing = Rumbo (grados o N, NE…)
clickwars-ui-field-bearing_hint = 0 = norte (hacia y = 120), 90 = este; p. ej. 45
clickwars-ui-pick = Elegir por número
clickwars-ui-pick_title = Elige una unidad
clickwars-ui-place = Colocar una unidad
clickwars-ui-place_title = Coloca una unidad en tu franja
clickwars-ui-move = Mover a…
clickwars-ui-move_title = Mover { $unit }
clickwars-ui-charge = Cargar con un rumbo…
clickwars-ui-charge_title = Cargar con { $unit }
clickwars-ui-point = Disparar a un punto…
clickwars-ui-point_title = { $unit }: tiro indirecto a un punto
clickwars-ui-toward_option = Hacia { $target }: { $length } cm (coste { $cost })
clickwars-ui-direction_option = { $direction } ({ $bearing }°): { $length } cm (coste { $cost })
clickwars-ui-charge_option = Cargar a { $bearing }° a través de: { $victims }
clickwars-ui-nobody = nadie
clickwars-ui-unit_option = { $unit } · { $life }/{ $max } · ({ $x }, { $y })
clickwars-ui-units-movement = Elige una unidad para mover…
clickwars-ui-units-shooting = Elige una unidad para disparar…
clickwars-ui-units-assault = Elige una unidad para luchar…
clickwars-ui-units-counter = Elige una unidad para contraatacar…
clickwars-ui-toward = Mover { $unit } hacia una unidad…
clickwars-ui-direction = Mover { $unit } en una dirección…
clickwars-ui-charges = Cargar con { $unit }…
clickwars-ui-attacks-shooting = { $unit } dispara a… (probabilidad de impacto)
clickwars-ui-attacks-assault = { $unit } lucha contra… (probabilidad de impacto)
clickwars-ui-attacks-counter = { $unit } contraataca a… (probabilidad de impacto)
clickwars-ui-back = Volver a las unidades
clickwars-ui-confirm = Confirmar
clickwars-ui-again = Elegir de nuevo
