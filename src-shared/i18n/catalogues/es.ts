import type { Catalogue } from './en.ts';

/**
 * Spanish, in the usage of Spain (vídeo, ordenador), which Latin American readers follow
 * without trouble. Terms: marca de agua, máscara, proyecto, plano (shot), intento (round),
 * toma (take), clip, crédito, servicio, clave; the user is addressed as "tú".
 */
export const es: Catalogue = {
  'app.version': 'v{version} · {platform}',
  'app.screens': 'Pantallas',
  'app.screen.images': 'Imágenes',
  'app.screen.video': 'Vídeo',
  'app.screen.account': 'Cuenta',
  'app.screen.settings': 'Ajustes',

  'toast.dismiss': 'Cerrar',
  'notices.unreadable': 'No se pudieron leer los mensajes del inicio: {why}',
  'notices.dismiss': 'Cerrar este mensaje',
  'paid.confirm': 'Confirmar y enviar',
  'paid.back': 'Volver',
  'retry.what': 'Enviar {name} de nuevo',
  'retry.confirmLabel': 'Confirmar el nuevo envío de {name}',
  'retry.question': '¿Pagar {cost} de nuevo?',
  'retry.firstQuestion': '¿Enviarla al servicio por {cost}?',
  'retry.sendAgain': 'Enviar de nuevo (de pago) – {cost}',
  'retry.checkAgain': 'Consultar de nuevo',
  'retry.checkAgainHint':
    'Vuelve a preguntar al servicio con el número de tarea que dio; no cuesta nada.',
  'retry.retry': 'Reintentar – {cost}',

  'format.credits': '{count, plural, one {# crédito} other {# créditos}}',
  'format.secondsLeft': 'quedan unos {seconds} s',
  'format.minutesLeft': 'quedan unos {minutes} min',

  'demo.all':
    'Modo demo: los trabajos se ejecutan en el simulador integrado, y sus resultados son solo una aproximación a los del servicio. No se envía nada al servicio y no se cobra nada.',
  'demo.video':
    'Modo demo para vídeo: los intentos se ejecutan en el simulador integrado, cuyos clips son ejemplos ya hechos, no lo que haría el servicio. No se envía nada al servicio de vídeo y no se cobra nada. Las imágenes van al servicio.',
  'demo.images':
    'Modo demo para imágenes: el simulador integrado las limpia, y sus resultados son solo una aproximación a los del servicio. No se envía nada al servicio de marcas de agua y no se cobra nada. Los intentos de vídeo van al servicio.',
  'demo.short.all': 'Modo demo: no se envía ni se cobra nada.',
  'demo.short.video':
    'Vídeo en modo demo: no se envía ni se cobra nada. Las imágenes van al servicio.',
  'demo.short.images': 'Imágenes en modo demo, gratis. Los intentos de vídeo van al servicio.',
  'demo.howTo': '¿Cómo uso mi propia cuenta?',
  'demo.step.signIn':
    'Inicia sesión en el sitio del proveedor. El token de la API de marcas de agua se crea en el área de la cuenta, en «API tokens»; la clave de la API de vídeo, en «API keys» (las llamadas de vídeo se descuentan de un saldo aparte en USD).',
  'demo.step.openSite': 'Abrir el sitio del proveedor',
  'demo.step.paste':
    'Pégalos en <settings>Ajustes</settings>. Cada clave se prueba con el servicio antes de guardarla.',
  'demo.step.keychain':
    'Las claves se guardan en el llavero del sistema y nunca salen de este ordenador salvo hacia el servicio al que pertenecen.',

  'language.label': 'Idioma',
  'language.system': 'El del sistema ({language})',
  'language.hint': 'La ventana cambia al instante.',

  'key.name.watermark': 'Token de la API de marcas de agua',
  'key.name.video': 'Clave de la API de vídeo',
  'key.form': 'Ajustes de {name}',
  'key.save': 'Guardar y probar',
  'key.clear': 'Borrar',
  'key.removed':
    '{kind, select, watermark {Token quitado} other {Clave quitada}} del llavero del sistema.',
  'key.setFromEnvironment':
    '{kind, select, watermark {Token definido} other {Clave definida}} (desde el entorno)',
  'key.setInKeychain':
    '{kind, select, watermark {Token definido} other {Clave definida}} (en el llavero del sistema)',
  'key.notSet': '{kind, select, watermark {Ningún token definido} other {Ninguna clave definida}}',

  'state.queued': 'En espera',
  'state.preparing': 'Preparando',
  'state.submitting': 'Enviando',
  'state.submitted': 'Enviado',
  'state.processing': 'Limpiando',
  'state.downloading': 'Guardando el resultado',
  'state.done': 'Hecho',
  'state.failed': 'Error',
  'state.canceled': 'Cancelado',
  'state.needs-attention': 'Requiere tu decisión',
  'state.round.processing': 'Creando',
  'state.round.downloading': 'Guardando el clip',

  'drop.label': 'Suelta aquí imágenes o carpetas',
  'drop.more': 'Añadir más: suelta aquí imágenes o carpetas',
  'drop.first': 'Suelta aquí imágenes o carpetas para quitar marcas de agua',
  'drop.choose': 'Elegir imágenes…',
  'drop.chooseFolder': 'Elegir carpeta…',
  'clips.title': 'Vídeos',
  'clips.hint':
    'Los clips (MP4, MOV, WebM) se limpian en este ordenador, en esta ventana, gratis: se encuentra un logo quieto en todo el clip y se saca de cada imagen.',
  'clips.paused':
    'En pausa: las partes ya limpias se conservan y, al reanudar, el clip sigue a partir de ellas.',
  'clips.run': '{count, plural, one {Limpiar # clip} other {Limpiar # clips}}',
  'clips.pause': 'Pausar',
  'clips.resume': 'Reanudar',
  'clips.cancel': 'Cancelar',
  'clips.retry': 'Reintentar (gratis)',
  'clips.progress': '{done} de {total} imágenes, {fps} imágenes por segundo, quedan unos {left}',
  'clips.state':
    '{state, select, queued {En espera} preparing {Limpiando las imágenes} downloading {Guardando} done {Limpio} failed {Sin limpiar} canceled {Cancelado} other {Espera su decisión}}',
  'clips.result': 'Clip limpio {name}',
  'clips.unstage': 'Quitar de la lista',
  'clips.cleanThis': 'Limpiar {name}',
  'clips.finding': 'Buscando la marca en todo el clip…',
  'clips.proposalFailed':
    'No se pudo buscar la marca de {name} ({reason}): vuelve a soltar el clip; si tampoco funciona, puede que el archivo esté dañado.',
  'clips.leftOut': '{name} queda fuera: no se limpiará. Márcalo para limpiarlo de todos modos.',
  'clips.frameAlt': 'La imagen del centro de {name}, con la máscara encima en rojo',
  'clips.share':
    'La máscara cubre el {share} de la imagen. El {unblended} deja ver la imagen y se separa de la marca; el resto es opaco y se rellena con lo que lo rodea.',
  'clips.grow': 'Agrandar {pixels} px',
  'clips.shrink': 'Reducir {pixels} px',
  'clips.preview': 'Ver antes y después',
  'clips.previewCost':
    'Gratis: la vista previa se hace en este ordenador solo con estas imágenes y no se guarda nada.',
  'clips.previewing': 'Preparando la vista previa…',
  'clips.previewSide': '{side, select, before {{name} antes} other {{name} después}}',
  'clips.previewSideShort': '{side, select, before {Antes} other {Después}}',
  'staging.count': 'Revisando los archivos: {staged} listos, {skipped} no admitidos hasta ahora',
  'staging.stop': 'Dejar de buscar',

  'jobs.title': 'Resultados',
  'jobs.summary': '{done} de {total} hechos',
  'jobs.attention': '{count, plural, one {# requiere atención} other {# requieren atención}}',
  'jobs.history':
    'todos los lotes, del más reciente al más antiguo: {count, plural, one {# imagen} other {# imágenes}}',
  'jobs.historyMore': 'todos los lotes, del más reciente al más antiguo: {count}+ imágenes',
  'jobs.queue': 'Cola',
  'jobs.resume': 'Reanudar',
  'jobs.pause': 'Pausar',
  'jobs.waiting': 'En espera: {reason}',
  'jobs.paused': 'En pausa: no se envía nada nuevo hasta que reanudes.',
  'jobs.retryFailed': 'Reintentar todos los fallidos',
  'jobs.clearFinished': 'Quitar los terminados',
  'jobs.clearFinishedHint':
    'Quita de esta lista las imágenes terminadas; sus resultados siguen donde se guardaron.',
  'jobs.latestOnly': 'Mostrar solo el último lote',
  'jobs.allEarlier': 'Mostrar todos los resultados anteriores',
  'jobs.filter': 'Filtro',
  'jobs.filter.all': 'Todos',
  'jobs.filter.running': 'En curso',
  'jobs.filter.failed': 'Fallidos',
  'jobs.filter.done': 'Hechos',
  'jobs.retrySelected': 'Reintentar la selección',
  'jobs.cancelSelected': 'Cancelar la selección',
  'jobs.skip': 'Saltar los resultados',
  'jobs.list': 'Trabajos',
  'jobs.select': 'Seleccionar {name}',
  'jobs.progress': 'Progreso de {name}',
  'jobs.cancel': 'Cancelar',
  'jobs.cancelOne': 'Cancelar {name}',
  'jobs.open': 'Abrir',
  'jobs.openOne': 'Abrir {name}',
  'jobs.showInFolder': 'Mostrar<hidden> {name}</hidden> en la carpeta',
  'jobs.detail': '{name}: {error}',
  'jobs.local': 'En este ordenador, gratis',
  'jobs.free': 'gratis',
  'jobs.doubt.unchanged': 'Sin cambios',
  'jobs.doubt.markVisible': 'Marca aún visible',
  'jobs.doubt.keep': 'Conservarla',
  'jobs.doubt.keepOne': 'Conservarla: {name}',
  'jobs.doubt.send': 'Enviar al servicio – {cost}',
  'jobs.doubt.sendWhat': 'Enviar {name} al servicio',
  'jobs.doubt.byHand': 'Marcar a mano',
  'jobs.doubt.byHandOne': 'Marcar a mano: {name}',
  'jobs.filter.doubt': 'Por revisar',
  'jobs.doubtCount': '{count, plural, one {# por revisar} other {# por revisar}}',
  'core.jobs.doubtUnchanged':
    'El servicio devolvió la imagen sin cambios donde debía limpiarla. Consérvela tal como está, envíela de nuevo (1 crédito) o marque la marca de agua a mano.',
  'core.jobs.doubtMarkVisible':
    'La marca de agua aún se lee en el resultado. Consérvalo tal como está, envía la imagen al servicio (1 crédito) o marca la marca de agua a mano.',
  'cli.remove.doubted':
    '{count, plural, one {# resultado no cuenta como terminado: es dudoso (véase arriba). Consérvelo tal cual con --keep-doubted (gratis), envíelo al servicio con --send-doubted ({credits} cada uno, con su máscara) o marque la marca de agua a mano: --mask o --mask-rect con --force, o en la ventana.} other {# resultados no cuentan como terminados: son dudosos (véase arriba). Consérvelos tal cual con --keep-doubted (gratis), envíelos al servicio con --send-doubted ({credits} cada uno, con sus máscaras) o marque la marca de agua a mano: --mask o --mask-rect con --force, o en la ventana.}}',
  'cli.remove.doubted.usage':
    '  --keep-doubted      conservar tal cual los resultados dudosos (marca aún visible, sin cambios): gratis\n  --send-doubted      enviar los resultados dudosos al servicio con sus máscaras, {credits} cada uno',
  'cli.remove.sendingDoubted':
    '--send-doubted: se {count, plural, one {envía # resultado dudoso} other {envían # resultados dudosos}} al servicio con las máscaras que tenían, {credits} en total.',

  'compare.previous': 'Resultado anterior (P)',
  'compare.next': 'Resultado siguiente (N)',
  'compare.close': 'Cerrar',
  'compare.slider': 'Deslizador',
  'compare.sideBySide': 'En paralelo',
  'compare.zoom': 'Zoom',
  'compare.fit': 'Ajustar ({percent})',
  'compare.picture': '{name}, {what}',
  'compare.original': 'original',
  'compare.split': 'División',
  'compare.splitValue': '{percent} de original',

  'mask.editor': 'Máscara de {name}',
  'mask.tools': 'Herramientas de máscara',
  'mask.tool.brush': 'Pincel (B)',
  'mask.tool.eraser': 'Borrador (E)',
  'mask.tool.rect': 'Rectángulo (R)',
  'mask.tool.lasso': 'Lazo (L)',
  'mask.size': 'Tamaño',
  'mask.pixels': '{size} px',
  'mask.opacity': 'Opacidad de la máscara',
  'mask.undo': 'Deshacer',
  'mask.redo': 'Rehacer',
  'mask.clear': 'Vaciar',
  'mask.fit': 'Ajustar',
  'mask.import': 'Importar máscara…',
  'mask.export': 'Exportar máscara…',
  'mask.wholeTools': 'Herramientas para toda la máscara',
  'mask.whole': 'Toda la máscara:',
  'mask.by': 'en',
  'mask.px': 'px',
  'mask.byLabel': 'Píxeles que ampliar o reducir',
  'mask.grow': 'Ampliar',
  'mask.shrink': 'Reducir',
  'mask.invert': 'Invertir',
  'mask.grown': 'Ampliada en {pixels} px',
  'mask.shrunk': 'Reducida en {pixels} px',
  'mask.inverted': 'Invertida',
  'mask.keepInView': 'Conservar solo lo visible',
  'mask.keepInViewHint':
    'Primero acerca y desplaza la vista hasta la marca de agua: se borra todo lo marcado fuera de la vista.',
  'mask.keptInView': 'Conservado lo visible',
  'mask.toolDone': '{done}: marcado el {percent} de la imagen.',
  'mask.imported':
    'Importada: marcado el {percent} de la imagen{scaled, select, true {, escalada a la imagen} other {}}{whiteOnBlack, select, true {, blanco leído como «quitar»} other {}}.',
  'mask.wholeUse': 'Repintar toda la imagen',
  'mask.wholeNothing': 'No importar nada',
  'mask.wholeNotImported':
    'No se importó ninguna máscara: pinta sobre la marca de agua o importa una máscara que marque solo eso.',
  'mask.saved': 'Guardada en {path}.',
  'mask.canvas':
    '{name}: pinta sobre lo que hay que quitar. Las flechas mueven el cursor; mantén pulsado Intro para pintar. Mantén pulsada la O para ver el original.',
  'mask.status': '{width}×{height} · {count, plural, one {# trazo} other {# trazos}}',
  'mask.loading': 'Cargando la imagen…',
  'mask.shortcuts':
    'Rueda para el zoom hacia el puntero, Alt+rueda o [ ] para el tamaño del pincel, espacio+arrastrar para desplazar, O para ver el original, Ctrl+Z para deshacer. Sobre la imagen (se llega con Tab): las flechas mueven el cursor y la vista (Mayús: más lejos), mantén pulsado Intro para pintar, 1 para {full}, F para ajustar.',
  'mask.scaledFrom':
    'Esta máscara se dibujó en una imagen de {size} y se escaló a esta. Comprueba que sigue cubriendo la marca de agua.',
  'mask.leave': '¿Descartar esta máscara?',
  'mask.leaveQuestion': '¿Descartar lo que has pintado en {name}?',
  'mask.throwAway': 'Descartar',
  'mask.keepPainting': 'Seguir pintando',
  'mask.use': 'Usar esta máscara',
  'mask.applySameSize': 'Aplicar a las {count} imágenes de este tamaño',
  'mask.applyAll': 'Aplicar a las {count} imágenes',
  'mask.applyAllHint':
    'Las imágenes de otros tamaños reciben la máscara escalada, con cada marca lo más cerca posible de su esquina.',
  'mask.applySelected': 'Aplicar a las seleccionadas ({count})',
  'mask.none': 'Sin máscara',
  'mask.cancel': 'Cancelar',
  // The mask editor's keyboard, zoom, file name, and the question before an apply replaces masks.
  'mask.zoomLevel': 'Zoom {percent}',
  'mask.replaceQuestion':
    '{count, plural, one {¿Reemplazar # máscara?} other {¿Reemplazar # máscaras?}}',
  'mask.replaceWhich':
    '{found, plural, =0 {Ninguna la encontró «Buscar la marca de agua»} one {# la encontró «Buscar la marca de agua»} other {# las encontró «Buscar la marca de agua»}}, {painted, plural, =0 {ninguna pintada a mano} one {# pintada a mano} other {# pintadas a mano}}. «Deshacer» las recupera.',
  'mask.replace': '{count, plural, one {Reemplazar # máscara} other {Reemplazar # máscaras}}',
  'mask.replaceBack': 'Volver',
  'images.undoApply': 'Deshacer',
  'images.applyUndone': 'Deshecho: las máscaras están como antes.',

  'arrange.keepIt': 'Conservar',
  'arrange.remove': 'Quitar',
  'arrange.body': '{leaves} {kept}',
  'arrange.keptNoClips': 'Lo gastado sigue contando en tus gastos.',
  'arrange.keptClips':
    '{clips, plural, one {El clip guardado sigue donde está} other {Los # clips guardados siguen donde están}}, y lo gastado sigue contando en tus gastos.',
  'arrange.projectName': 'Nombre del proyecto',
  'arrange.saveName': 'Guardar el nombre',
  'arrange.cancel': 'Cancelar',
  'arrange.rename': 'Cambiar el nombre…',
  'arrange.earlier': 'Mover el proyecto antes',
  'arrange.later': 'Mover el proyecto después',
  'arrange.removeProject': 'Quitar el proyecto…',
  'arrange.removeProjectTitle': '¿Quitar {name}?',
  'arrange.projectLeaves':
    '{name}, con {shots, plural, one {# plano} other {# planos}} y {rounds, plural, one {# intento} other {# intentos}}, sale de la lista.',
  'arrange.shot': 'Plano {position}',
  'arrange.moveEarlier': 'Mover el plano antes',
  'arrange.moveLater': 'Mover el plano después',
  'arrange.moveEarlierShot': 'Mover el plano antes: plano {position}',
  'arrange.moveLaterShot': 'Mover el plano después: plano {position}',
  'arrange.removeShot': 'Quitar el plano…',
  'arrange.removeShotTitle': '¿Quitar el plano {position}?',
  'arrange.shotLeaves':
    'El plano {position}, con {rounds, plural, one {# intento} other {# intentos}}, sale de la lista.',
  'arrange.isTake': 'Toma del plano',
  'arrange.useTake': 'Usar como toma',
  'arrange.removeRound': 'Quitar…',
  'arrange.removeRoundTitle': '¿Quitar el intento {round} del plano {shot}?',
  'arrange.roundLeaves': 'El intento {position} sale de la lista.',

  'scrub.legend': 'Momentos que editar',
  'scrub.play': 'Reproducir un clip de este proyecto',
  'scrub.choose': 'Elegir…',
  'scrub.none':
    'Los clips terminados de este proyecto se pueden reproducir aquí para elegir los momentos.',
  'scrub.insertNow': 'Insertar el momento actual',
  'scrub.startHere': 'Empezar aquí',
  'scrub.endHere': 'Terminar aquí',
  'scrub.from': 'desde (s)',
  'scrub.to': 'hasta (s)',
  'scrub.insertRange': 'Insertar intervalo',
  'scrub.endAfterStart': 'El final debe ir después del inicio.',

  'history.title': 'Tareas en el servicio',
  'history.empty': 'El servicio no muestra tareas de los últimos días.',
  'history.promptUnknown': 'prompt desconocido aquí (iniciado en otro lugar)',
  'history.place': 'en {project}, plano {shot}, intento {round}',
  'history.inAShot': 'en un plano',
  'history.task': 'tarea {id}',
  'history.taskAt': '{date} · tarea {id}',
  'history.add': 'Añadir a {shot}',
  'history.phase.in-progress': 'en curso',
  'history.phase.succeeded': 'terminada',
  'history.phase.failed': 'fallida',

  'film.title': 'Una película de {name}',
  'film.about':
    'La toma que cada plano aporta a la película, en orden. Se unen tal cual, sin volver a codificar, así que la película se ve exactamente como sus clips.',
  'film.noTake': 'Plano {shot}: aún sin toma terminada, se omite',
  'film.take': 'Plano {shot}: intento {round}',
  'film.takeWithPrompt': 'Plano {shot}: intento {round}, {prompt}',
  'film.joining': 'Uniendo…',
  'film.join': 'Elegir una carpeta y unir',
  'film.close': 'Cerrar',
  'film.nothing': 'Ningún plano tiene aún una toma terminada.',
  'film.saved': 'Guardada como {path}',
  'film.player': 'La película unida',
  'film.playing': 'La película: {name}',
  'film.backToShot': 'Volver al plano {position}',

  // ── Settings and Account: keys of these screens go below this line.
  'settings.title': 'Ajustes',
  'settings.keys': 'Claves de API',
  'settings.keysHint':
    'Las claves se guardan en el llavero del sistema y solo se envían al servicio al que pertenecen.',
  'settings.service': 'Servicio',
  'settings.demoMode': 'Modo demo (usar el simulador integrado mientras no haya ninguna clave)',
  'settings.watermarkBaseUrl': 'Dirección del servicio de marcas de agua',
  'settings.videoBaseUrl': 'Dirección del servicio de vídeo',
  'settings.resetAddresses': 'Restablecer las direcciones del proveedor',
  'settings.pricingTier': 'Plan de precios',
  'settings.budgetCapUsd': 'Límite de gasto en vídeo en USD (vacío: sin límite)',
  'settings.budgetCapPeriod': 'El límite cuenta',
  'settings.concurrency.watermark': 'Imágenes a la vez',
  'settings.concurrency.video': 'Intentos de vídeo a la vez',
  'settings.output': 'Salida',
  'settings.outputFolder':
    'Carpeta de salida (vacía: una carpeta «clearframe» junto a cada imagen)',
  'settings.chooseFolder': 'Elegir carpeta…',
  'settings.filenameTemplate': 'Nombre de archivo',
  'settings.filenameExample':
    '{photo} pasa a llamarse {example}. Entre llaves, {name}, {ext}, {date} y {n} representan el nombre de la imagen, su extensión, el día y su posición en el lote.',
  'settings.conflictPolicy': 'Si el nombre ya existe',
  'settings.metadataPolicy': 'Metadatos (EXIF, perfil de color)',
  'settings.outputFormat': 'Formato de los resultados',
  'settings.folderLayout': 'Subcarpetas de una carpeta soltada, en la carpeta de salida',
  'settings.app': 'Aplicación',
  'settings.theme': 'Tema',
  'settings.checkForUpdates': 'Buscar actualizaciones',
  'settings.save': 'Guardar ajustes',
  'settings.saved': 'Guardado.',
  'settings.refused': 'No se ha guardado nada: corrige los campos marcados arriba.',
  'settings.diagnostics': 'Diagnóstico',
  'settings.openLogs': 'Abrir la carpeta de registros',
  'settings.copyDiagnostics': 'Copiar el diagnóstico',
  'settings.diagnosticsCopied': 'Diagnóstico copiado. No contiene ninguna clave.',
  'settings.checkNow': 'Buscar actualizaciones ahora',
  'settings.value.budgetCapPeriod.all-time': 'Todo lo gastado',
  'settings.value.budgetCapPeriod.month': 'Cada mes natural (zona horaria de este ordenador)',
  'settings.value.conflictPolicy.suffix': 'Añadir un número',
  'settings.value.conflictPolicy.skip': 'Omitir la imagen',
  'settings.value.conflictPolicy.overwrite': 'Sobrescribir el resultado anterior',
  'settings.value.folderLayout.mirror': 'Mantenerlas en la carpeta de salida',
  'settings.value.folderLayout.flatten':
    'Poner todos los resultados directamente en la carpeta de salida',
  'settings.value.metadataPolicy.keep': 'Conservarlos',
  'settings.value.metadataPolicy.strip': 'Quitarlos',
  'settings.value.outputFormat.same': 'Igual que la imagen (JPEG para HEIC)',
  'settings.value.outputFormat.pngFormat': 'PNG',
  'settings.value.outputFormat.jpegFormat': 'JPEG',
  'settings.value.outputFormat.webpFormat': 'WebP',
  'settings.value.pricingTier': '{tier} ({price} por segundo)',
  'settings.value.theme.system': 'Igual que el sistema',
  'settings.value.theme.light': 'Claro',
  'settings.value.theme.dark': 'Oscuro',
  'account.title': 'Cuenta',
  'account.credits': 'Créditos de marcas de agua',
  'account.balance': 'Saldo de vídeo',
  'account.creditsLeft':
    'Quedan {remaining} de {limit, plural, one {# crédito} other {# créditos}}',
  'account.from': 'según {host}',
  'account.price': 'Precio del vídeo',
  'account.pricePerSecond': '{price} por segundo (plan {tier})',
  'account.spending': 'Gasto en vídeo',
  'account.spent':
    '{spent} gastados y {inFlight} en intentos enviados {cap, select, none {(sin límite de gasto)} monthly {de tu límite de gasto mensual de {capAmount}} other {de tu límite de gasto de {capAmount}}}',
  'account.spentInMonth':
    'En {month}: {spent} gastados y {inFlight} en intentos enviados {cap, select, none {(sin límite de gasto)} monthly {de tu límite de gasto mensual de {capAmount}} other {de tu límite de gasto de {capAmount}}}',
  'account.spendingHint':
    'cada intento que el servicio pueda haber cobrado, tal como lo cuenta el límite',
  'account.queue': 'Si se ejecuta toda la cola',
  'account.queueCost': '{credits} y {money}',
  'account.refresh': 'Actualizar',
  'account.history': 'Historial de gastos',
  'spending.length': '{seconds} s × {price}',
  'spending.place':
    '{retried, select, true {plano {shot}, intento {round} (envío {attempt})} other {plano {shot}, intento {round}}}',
  'spending.removed': 'quitado de la lista',
  'spending.promptUnknown': 'prompt desconocido (añadido desde el servicio)',
  'spending.lengthHint': 'La duración que indicó el servicio, al precio por segundo que se cobró.',
  'spending.lengthUnknownHint':
    'El servicio aún no ha indicado la duración del clip, así que se usa la estimación.',
  'spending.status.charged': 'cobrado',
  'spending.status.estimated': 'estimación: el servicio no lo indicó',
  'spending.status.in-flight': 'enviado, sin terminar: estimación',
  'spending.status.demo': 'demo: costaría, no se cobra',
  'spending.sum': '{spent} gastados, {inFlight} en intentos enviados sin terminar',
  'spending.sumWithDemo':
    '{spent} gastados, {inFlight} en intentos enviados sin terminar; los intentos de demo habrían costado {demo}',
  'spending.saved':
    '{count, plural, one {# cobro guardado} other {# cobros guardados}} como {path}',
  'spending.savedWithDemo':
    '{count, plural, one {# cobro guardado} other {# cobros guardados}} y {demo, plural, one {# intento de demo} other {# intentos de demo}}, que nadie cobró, como {path}',
  'spending.allMonths': 'Todos los meses',
  'spending.monthChoice': '{month} · {amount}',
  'spending.month': 'Mes',
  'spending.export': 'Exportar CSV…',
  'spending.close': 'Cerrar',
  'spending.totals': 'En total: {sum}.',
  'spending.totalsInMonth': '{month}: {sum}.',
  'spending.about':
    'Cada intento que el servicio pueda haber cobrado: su cobro (los segundos que indicó el servicio × el precio por segundo) o, hasta que el servicio lo diga, su estimación. Los meses son los meses naturales de este ordenador. Los intentos de demo muestran lo que costarían y no cuentan.',
  'spending.project':
    '<b>{project}</b>{removed, select, true { (quitado de la lista)} other {}}: {sum}',
  'spending.nothing': 'No se ha enviado nada al servicio.',
  'spending.nothingInMonth': 'No se envió nada al servicio en {month}.',
  'spending.head.sent': 'Enviado',
  'spending.head.round': 'Intento',
  'spending.head.length': 'Duración',
  'spending.head.cost': 'Coste',
  'spending.more': 'Mostrar más',
  // ── end of Settings and Account.

  // ── Video workspace: keys of the round editor and the project list go below this line.
  'project.emptyTitle': 'Haz un vídeo, plano a plano',
  'project.emptyAbout':
    'Un proyecto es un vídeo. Se compone de planos en orden, y cada plano se hace en intentos: describes el plano, ves lo que cuesta, lo envías y sigues probando hasta que un intento salga bien.',
  'project.emptyStart': 'Ponle nombre a tu primer proyecto para empezar.',
  'project.createForm': 'Crear un proyecto',
  'project.newProject': 'Nuevo proyecto',
  'project.namePlaceholder': 'P. ej.: Puerto de noche',
  'project.create': 'Crear',
  'project.project': 'Proyecto',
  'project.shots': 'Planos',
  'project.shotButton': 'Plano {position} ({rounds})',
  'project.addShot': 'Añadir plano',
  'project.exportTakes': 'Exportar tomas…',
  'project.joinFilm': 'Unir las tomas en una película…',
  'project.spending': 'Gastos…',
  'project.importRounds': 'Importar intentos…',
  'project.spendingTitle': 'Lo que costó {name}',
  'project.roundsTitle': '{project} · plano {position}',
  'project.shotName': 'plano {position}',
  'project.clipName': 'Plano {shot}, intento {round}',
  'project.player': 'Reproductor',
  'project.lastFrame': 'Último fotograma',
  'project.noTake': 'aún sin toma',
  'project.exported':
    '{count, plural, one {# toma copiada en {folder}.} other {# tomas copiadas en {folder}, una por plano, en orden.}}',
  'project.exportedLeftOut':
    '{copied} Se han omitido, por no tener aún un intento terminado: {shots}.',
  // The Video studio: picture first, storyboard, prompt bar (issue 36).
  'round.attachImage': 'Adjuntar una imagen',
  'round.attachVideo': 'Adjuntar un vídeo',
  'round.attachAudio': 'Adjuntar un sonido',
  'project.defaultName': 'Proyecto {number}',
  'project.stageEmpty':
    'El plano {position} aún no tiene clip. Escriba un intento en la barra de abajo: su clip se reproduce aquí.',
  'project.filmTotal': 'Película: {seconds} s · los intentos cuestan {cost}',
  'project.filmTotalDemo':
    'Película: {seconds} s · los intentos costarían {cost} (demo, no se cobra nada)',
  'project.storyboardKeys':
    'Para mover un plano, arrástrelo sobre otro o pulse Alt con ← o → sobre él.',
  'round.sendAbout': 'Revisar y enviar · unos {cost}',
  'round.sendUpTo': 'Revisar y enviar · hasta {cost}',
  'round.attach': 'Adjuntar',
  'round.attached': 'Adjuntos',
  'round.chipRemove': 'Quitar {token}',
  'round.chipAsReference': 'Usar {token} como referencia',
  'round.chipAsFirstFrame': 'Usar {token} como primer fotograma',
  'round.chipEmpty': 'aún sin dirección',
  'round.enterHint': 'Intro revisa el intento y su coste; Mayús+Intro empieza una línea nueva.',
  'round.moreOptions': 'Más opciones',

  'round.title': 'Intento {position}: {prompt}',
  'round.name': 'intento {position}',
  'round.promptUnknown': 'prompt desconocido (añadido desde el servicio)',
  'round.demo': 'demo',
  'round.demoHint':
    'Hecho por el simulador integrado: no se ha enviado nada al servicio ni se ha cobrado nada.',
  'round.money.demo': 'costaría {cost} (demo, sin cobro)',
  'round.money.charged': 'cobrado: {cost}',
  'round.money.estimated': 'estimado: {cost}',
  'round.clip.auto': 'duración elegida por el modelo',
  'round.clip.default': 'duración predeterminada del servicio',
  'round.clip.seconds': 'clip de {seconds} segundos',
  'round.clip.demoStandIn':
    'clip de {seconds} segundos pedido; la demo reproduce un clip corto de muestra',
  'round.seconds': '{seconds} s',
  'round.minutes': '{minutes} min',
  'round.took': 'tardó {time}',
  'round.running': 'en marcha desde hace {time}',
  'round.runningLeft': 'en marcha desde hace {time} · quedan unos {left}',
  'round.play': 'Reproducir',
  'round.showInFolder': 'Mostrar en la carpeta',
  'round.cleanLogo': 'Quitar un logo quieto (gratis)',
  'round.cancel': 'Cancelar',
  'round.cancelHint': 'Deja de esperarlo; el servicio aún puede terminarlo y cobrarlo.',
  'round.writePrompt': 'Escribir prompt…',
  'round.writePromptHint':
    'Clearframe no conoce el prompt de esta tarea, así que no puede volver a enviarla tal cual.',
  'round.duplicate': 'Duplicar',
  'round.duplicateWhat': 'Enviar una copia del intento {position}',
  'round.extendForm': 'Continuar el intento {position}',
  'round.extendWhat':
    'Enviar la continuación del intento {position} desde su último fotograma {into, select, new {a un plano nuevo después de este} other {a este plano, donde pasa a ser la toma}}',
  'round.next': 'Qué pasa después del intento {position}',
  'round.nextPlaceholder': 'Qué pasa a continuación…',
  // The take cards (issue 36): their ⋯ menus and the project's.
  'round.actions': 'Acciones del intento {position}',
  'round.extendFromFrameOpen': 'Continuar desde el último fotograma…',
  'round.moveEarlier': 'Mover antes',
  'round.moveLater': 'Mover después',
  'project.actions': 'Acciones del proyecto',
  'project.nameHint': 'Haga clic en el nombre para cambiarlo',
  'project.nameEmpty':
    'Un proyecto necesita un nombre: escriba uno o pulse Escape para conservar «{name}».',
  'round.extendVideoOpen': 'Continuar vídeo…',
  'round.extendVideoForm': 'Continuar el vídeo del intento {position}',
  'round.extendVideoWhat':
    'Enviar la continuación del intento {position} con su clip como referencia {into, select, new {a un plano nuevo después de este} other {a este plano, donde pasa a ser la toma}}',
  'round.extendPlace': 'Adónde va la continuación del intento {position}',
  'round.extendInto':
    '{into, select, new {Continuar en un plano nuevo} other {Continuar en este plano}}',
  'round.uploadFirst':
    'El servicio solo acepta un vídeo de referencia como recurso subido, y este clip ha vuelto como enlace de descarga. Sube {file} a tu cuenta en el sitio del proveedor y pega aquí su dirección asset://.',
  'round.assetAddress': 'Dirección del recurso del intento {position}',
  'round.continuation': 'Cómo sigue el intento {position}',
  'round.extendVideo': 'Continuar vídeo',

  'round.paidLabel': 'Confirmar una solicitud de pago',
  'round.paidAbout': '¿{what} por unos {cost}?',
  'round.paidUpTo': '¿{what} por un máximo de {cost}?',

  'round.editor': 'Nuevo intento',
  'round.kind': 'Tipo de intento',
  'round.mode.text': 'Texto a vídeo',
  'round.mode.image': 'Imagen a vídeo',
  'round.mode.frames': 'Primer y último fotograma',
  'round.mode.video': 'Vídeo de referencia',
  'round.mode.audio': 'Audio de referencia',
  'round.mode.edit': 'Editar en marcas de tiempo',
  'round.mode.auto': 'Automático (referencia omni)',
  'round.prompt': 'Prompt',
  'round.model': 'Modelo',
  'round.duration': 'Duración (s)',
  'round.durationField': 'Duración',
  'round.resolution': 'Resolución',
  'round.ratio': 'Proporción',
  'round.sound': 'Sonido',
  'round.watermark': 'Marca de agua de IA en el clip',
  'round.keepLastFrame': 'Guardar el último fotograma (para continuar)',
  'round.costAbout': 'Unos {cost} por un clip de {seconds} segundos',
  'round.costUpTo': 'Hasta {cost}: el modelo elige la duración, como máximo {seconds} s',
  'round.lengthUnknown':
    '{count, plural, one {La duración de la referencia {references} no se conoce en este ordenador} other {La duración de las referencias {references} no se conoce en este ordenador}}, así que no se comprueba aquí: una vez enviado el intento, el servicio comprueba que un vídeo de referencia dure de {min} a {max} segundos, y si no, el intento falla.',
  'round.editorDemo': 'demo: lo hace el simulador integrado, no se cobra nada',
  'round.balance': 'saldo {balance}',
  'round.overCap': 'con {spent} ya gastados o en curso, supera tu límite de gasto de {cap}',
  'round.overMonthlyCap':
    'con {spent} ya gastados o en curso en {month}, supera tu límite de gasto mensual de {cap}',
  'round.addToBatch': 'Añadir otro intento a este lote',
  'round.inBatch': '{count} más en este lote',
  'core.rounds.referenceUnreadable':
    '{name} no se puede leer como imagen. Elija un archivo JPEG, PNG o WebP.',
  'core.rounds.referenceFormat':
    '{name} es un archivo {format}, que el servicio no acepta como referencia. Guárdelo como JPEG o PNG y vuelva a elegirlo.',
  'round.chooseFile': 'Elegir un archivo…',
  'round.fromComputer': '{name} · en este equipo, se envía dentro de la solicitud',
  'round.fromComputerUnnamed': 'Una imagen de este equipo, se envía dentro de la solicitud',
  'round.clearFile': 'Quitar la imagen',
  'request.inlineTooLarge':
    'Las imágenes de este equipo hacen que la solicitud ocupe unos {megabytes} MB, y el servicio acepta como máximo {max} MB. Elija imágenes más pequeñas (guardadas como JPEG, por ejemplo) o menos.',
  'round.batchLine':
    'Intento {number}: {prompt} · {kind} · {length} · {upTo, select, true {hasta {cost}} other {unos {cost}}}',
  'round.batchChip':
    'Intento {number}: {prompt} · {upTo, select, true {hasta {cost}} other {{cost}}}',
  'round.pastedPicture': 'Imagen pegada',
  'round.dropNeedsAddress':
    '{name}: el servicio solo acepta clips y sonidos por dirección. Súbelo a tu cuenta y pega su dirección asset:// (un sonido también puede ser una dirección web).',
  'round.dropNotMedia':
    '{name} no es una imagen, un clip ni un sonido: suelta imágenes (JPEG, PNG, WebP, TIFF o GIF) o pega la dirección de un clip o un sonido.',
  'round.batchEdit': 'Volver al formulario',
  'round.batchRemove': 'Quitar del lote',
  'round.batchDetails':
    '{resolution} · {ratio} · {sound, select, true {con sonido} other {sin sonido}} · {references, plural, =0 {sin referencias} one {# referencia} other {# referencias}}',
  'round.toSend': 'Intentos que se enviarán',
  'round.formNotSent':
    'El intento del formulario no está completo, así que no se envía: se queda en el formulario.',
  'round.review': 'Revisar y enviar',
  'round.confirmAbout':
    '¿Enviar {count, plural, one {# intento} other {# intentos}} por unos {cost}?',
  'round.confirmUpTo':
    '¿Enviar {count, plural, one {# intento} other {# intentos}} por hasta {cost}?',

  // What the window's requests are refused with.
  'ipc.untrusted': 'Esta petición no vino de la ventana de Clearframe.',
  'ipc.unknownChannel': 'No hay ningún canal llamado {channel}.',
  'ipc.malformed': 'La petición a {channel} estaba mal formada: {problem}',
  'ipc.notAvailable': '{channel} no está disponible en esta ventana.',
  'ipc.failed':
    'Clearframe no pudo hacerlo ({detail}). Vuelve a intentarlo; si sigue fallando, copia el diagnóstico e infórmalo.',
  'ipc.problem.dropSomething': 'Suelta al menos un archivo o una carpeta.',
  'ipc.problem.chooseImportFile': 'Elige un archivo CSV o JSON.',
  'ipc.problem.pastedTooLarge':
    'La imagen pegada es demasiado grande; guárdala como archivo y añade el archivo.',
  'ipc.problem.pastedNotImage': 'Los datos pegados no son una imagen.',
  'ipc.problem.chooseImage': 'Elige al menos una imagen.',
  'ipc.problem.growAtLeast': 'Amplía o reduce al menos 1 píxel.',
  'ipc.problem.sayNext': 'Di qué pasa a continuación.',
  'ipc.problem.frameTooLarge': 'El fotograma tomado del clip es demasiado grande para enviarlo.',
  'ipc.problem.frameNotBase64': 'El fotograma tomado del clip no está en base64.',
  'ipc.problem.findAgain': 'Vuelve a buscar la marca de agua.',

  // A value a form or a file gives that its rule does not take.
  'check.month': 'Indica el mes como AAAA-MM, por ejemplo 2026-03.',
  'check.choose': 'Elige {choices}.',
  'check.number': 'Escribe un número.',
  'check.wholeNumber': 'Escribe un número entero.',
  'check.atLeast': 'Como mínimo {bound}.',
  'check.moreThan': 'Debe ser mayor que {bound}.',
  'check.atMost': 'Como máximo {bound}.',
  'check.lessThan': 'Debe ser menor que {bound}.',
  'check.empty': 'Rellena este campo; no puede quedar vacío.',
  'check.tooLong': 'Como máximo {count, plural, one {# carácter} other {# caracteres}}.',
  'check.atLeastItems': 'Indica al menos {count, plural, one {# elemento} other {# elementos}}.',
  'check.atMostItems':
    'Como máximo {count, plural, one {# elemento} other {# elementos}} a la vez.',
  'check.address': 'Escribe una dirección completa que empiece por https://.',
  'check.unknownFields':
    'Clearframe no conoce {fields}; {count, plural, one {quítalo} other {quítalos}}.',
  'check.invalid': 'Este valor no se puede usar; escribe otro.',
  'settings.problem.address':
    'Escribe una dirección completa que empiece por https:// (o http:// para un servicio local).',
  'settings.problem.addressScheme': 'La dirección debe empezar por https:// o http://.',
  'settings.problem.capAmount': 'Escribe un importe en USD.',
  'settings.problem.capNegative': 'El límite no puede ser negativo.',
  'settings.problem.templateEmpty':
    'La plantilla de nombre de archivo está vacía; escribe una como {example}, que mantiene el nombre de la imagen.',
  'settings.problem.templateCharacters':
    'La plantilla de nombre de archivo no puede contener {characters}.',
  'settings.problem.templateUnknown':
    '{unknown} desconocido en la plantilla de nombre de archivo; usa {tokens}.',
  'settings.problem.templateNoName':
    'La plantilla de nombre de archivo necesita {name} o {n}; si no, todos los resultados tendrían el mismo nombre.',

  // What is wrong with a key as typed or pasted.
  'keys.problem.spaces':
    'La clave tiene espacios al principio o al final; pégala de nuevo sin ellos.',
  'keys.problem.tooShort':
    'La clave es demasiado corta; copia la clave completa desde la página de tu cuenta.',
  'keys.problem.tooLong':
    'La clave es demasiado larga; copia solo la clave desde la página de tu cuenta.',
  'keys.problem.characters':
    'La clave tiene caracteres que una clave no puede tener; cópiala de nuevo desde la página de tu cuenta.',

  // What the budget cap and the balance say before a round is paid for.
  'budget.overCap':
    'Este intento ({estimate}) llevaría el gasto en vídeo a {total}, por encima de tu límite de gasto de {cap}: {spent} gastados y {inFlight} en intentos ya enviados. Sube el límite en Ajustes y vuelve a intentarlo.',
  'budget.overMonthlyCap':
    'Este intento ({estimate}) llevaría el gasto en vídeo de {month} a {total}, por encima de tu límite de gasto mensual de {cap}: {spent} gastados este mes y {inFlight} en intentos ya enviados. Sube el límite en Ajustes, o vuelve a intentarlo en {nextMonth}.',
  'budget.balanceLow':
    'El saldo de vídeo es {balance}; este intento necesita unos {estimate}. Recarga el saldo en el sitio del proveedor y vuelve a intentarlo.',
  'budget.balanceLowHeld':
    'El saldo de vídeo es {balance}, de los que {held} están retenidos por intentos ya enviados; este intento necesita unos {estimate}. Recarga el saldo en el sitio del proveedor y vuelve a intentarlo.',

  // The rules of a round, said where the round form and the command line check it.
  'request.writePrompt':
    'Escribe un prompt: todo intento necesita uno, también cuando tiene referencias.',
  'request.tooManyReferences':
    'Quita {count, plural, one {# referencia} other {# referencias}}: un intento admite como mucho {max} además de su prompt.',
  'request.giveAddress': 'Indica la dirección de la referencia {number}, o quítala.',
  'request.videoAsAsset':
    'Indica la referencia {number} como dirección asset://: el servicio solo acepta un vídeo cuando está subido a tu cuenta en el sitio del proveedor.',
  'request.publicAddress':
    'Indica la referencia {number} con una dirección que empiece por https:// (una dirección web pública) o asset:// (subida a tu cuenta).',
  'request.sayRole': 'Indica para qué es la referencia {number}: {roles}.',
  'request.wrongRole':
    'La referencia {number} es {kind, select, image {una imagen} video {un vídeo} other {un sonido}}, así que no puede ser «{role}»: elige {roles}.',
  'request.promptNamesMissing':
    'El prompt nombra {token}, pero el intento tiene {kind, select, image {{count, plural, =0 {ninguna imagen de referencia} one {# imagen de referencia} other {# imágenes de referencia}}} video {{count, plural, =0 {ningún vídeo de referencia} one {# vídeo de referencia} other {# vídeos de referencia}}} other {{count, plural, =0 {ningún audio de referencia} one {# audio de referencia} other {# audios de referencia}}}}: añade {kind, select, image {una} video {uno} other {uno}}, o cambia {token} en el prompt.',
  'request.autoOnly': 'Elige Automático como tipo de intento, u otro tipo.',
  'request.resolution': 'Elige una resolución de {choices}; el servicio no hace {resolution}.',
  'request.autoRatio':
    'Elige la proporción {ratio}: en un intento automático el modelo da forma al clip.',
  'request.autoDuration':
    'Deja la duración al modelo: un intento automático elige su propia duración.',
  'request.autoTakesReferences':
    'Un intento automático solo admite referencias, así que la referencia {number} no puede ser «{role}»: elige otro tipo de intento para usar fotogramas.',
  'request.adaptiveOnlyAuto':
    'Elige una proporción de {choices}: {ratio} es solo para intentos automáticos.',
  'request.ratio': 'Elige una proporción de {choices}; el servicio no hace {ratio}.',
  'request.duration':
    'Pon una duración de {min} a {max} segundos: {model} no hace {open, select, true {clips de duración libre} other {clips de {seconds} segundos}}.',
  'request.oneFrameEach': 'Indica un primer fotograma y como mucho un último fotograma.',
  'request.firstFrameNeeded':
    'Añade un primer fotograma: un intento que termina en un último fotograma empieza en un primer fotograma.',
  'request.framesOrReferences':
    'Usa fotogramas o referencias, no ambos: quita unos u otros, o elige Automático como tipo de intento para trabajar con referencias.',
  'request.referenceLength':
    'La referencia {number} dura {seconds} s, y un intento automático admite vídeos de referencia de {min} a {max} segundos: recórtalo, o elige otro vídeo.',
  'referenceImage.tooManyBytes':
    'Una imagen de referencia puede ocupar como mucho {megabytes} MB. Guárdala más pequeña y añádela de nuevo.',
  'referenceImage.sides':
    'Una imagen de referencia necesita de {min} a {max} píxeles por lado; esta tiene {width}×{height}. Cambia su tamaño y añádela de nuevo.',
  'referenceImage.shape':
    'Una imagen de referencia debe tener una forma entre {min}:1 y {max}:1; esta es {aspect}:1. Recórtala y añádela de nuevo.',
  'image.tooLargeToOpen':
    'La imagen es demasiado grande: {width}×{height} píxeles ({megapixels} megapíxeles), más de los {limit} megapíxeles que Clearframe puede abrir. Redúcela en un editor de imágenes y añádela de nuevo.',

  'round.role.firstFrame': 'primer fotograma',
  'round.role.lastFrame': 'último fotograma',
  'round.role.referenceImage': 'imagen de referencia',
  'round.role.referenceVideo': 'vídeo de referencia',
  'round.role.referenceAudio': 'audio de referencia',
  'round.slot': '{role}, referencia {number} ({accepts})',
  'round.acceptsAssetOrWeb': 'asset:// o https://',
  'round.slotPlaceholder': 'asset://… o https://…',
  'round.assetPlaceholder': 'asset://…',
  'round.size': '{width}×{height}',
  'round.slotPreview': 'Vista previa: {role}',
  'round.thumb.asset': 'recurso',
  'round.thumb.image': 'imagen',
  'round.thumb.video': 'vídeo',
  'round.thumb.audio': 'audio',
  'round.demoMedia': 'Medios de demo:',
  'round.demoMediaFor': 'Medios de demo para la referencia {number}',
  'round.demoAsset.demo-image-landscape': 'Foto horizontal',
  'round.demoAsset.demo-image-portrait': 'Foto vertical',
  'round.demoAsset.demo-video-8s': 'Clip de 8 segundos',
  'round.demoAsset.demo-video-2s': 'Clip de 2 segundos',
  'round.demoAsset.demo-audio-6s': 'Sonido de 6 segundos',

  'import.title': 'Importar intentos',
  'import.heading': 'Importar intentos en {project}',
  'import.about':
    'Un archivo CSV (una fila de encabezado y luego un intento por fila) o una lista JSON, con las columnas prompt, kind, references, duration, ratio y shot. Las referencias se escriben image=…, video=… o audio=…, separadas por |. Se comprueba cada fila antes de poner nada en cola.',
  'import.file': 'Archivo CSV o JSON de intentos',
  'import.checking': 'Comprobando cada fila…',
  'import.noPath':
    'Clearframe no sabe dónde está guardado {name}. Guárdalo como archivo en este ordenador y vuelve a elegirlo.',
  'import.problems':
    'No se puede poner nada en cola desde {name} hasta que todas las filas sean válidas. Corrige estas filas y vuelve a elegir el archivo:',
  'import.problem': '<strong>{label}:</strong> {message}',
  'import.row': 'Fila',
  'import.shot': 'Plano',
  'import.kind': 'Tipo',
  'import.prompt': 'Prompt',
  'import.cost': 'Coste',
  'import.costAbout': 'unos {cost}',
  'import.costUpTo': 'hasta {cost}',
  'import.total': '{count, plural, one {# intento} other {# intentos}}, {total} en total.',
  'import.close': 'Cerrar',
  'import.queueWhat': 'Poner en cola {count, plural, one {# intento} other {# intentos}} de {name}',
  'import.queue': 'Poner en cola {count, plural, one {# intento} other {# intentos}} por {total}',
  'import.queued':
    '{count, plural, one {# intento de {name} está en cola en {project}.} other {# intentos de {name} están en cola en {project}.}}',
  'round.frameUnreadable':
    'No se pudo reproducir el clip aquí para tomar su último fotograma: reprodúcelo una vez en el reproductor y vuelve a continuarlo.',
  // ── end of Video workspace.

  // ── Images workspace: keys of the finder, previews and output go below this line.
  'images.urlForm': 'Añadir una imagen por su dirección',
  'images.urlLabel': 'Dirección de la imagen',
  'images.urlPlaceholder': 'https://…',
  'images.urlAdd': 'Añadir',
  'images.reasonLine': '{name}: {reason}',
  'images.skippedTitle': 'No admitidas ({count}), cada una con el motivo:',
  'images.skippedList': 'Omitidas',
  'images.ready': 'Listas:',
  'images.readySummary': '{count, plural, one {# imagen} other {# imágenes}}, {masked} con máscara',
  'images.selectAll': 'Seleccionar todas',
  'images.selectNone': 'No seleccionar ninguna',
  'images.removeSelected': 'Quitar las seleccionadas',
  'images.find': 'Buscar la marca de agua',
  'images.startFree':
    'Empezar – gratis, en este ordenador{left, plural, =0 {} other {; # fuera: ya limpiadas}}',
  'images.start':
    'Empezar – usa {credits} para {count, plural, one {# imagen} other {# imágenes}}{free, plural, =0 {} other {; # gratis en este ordenador}}{left, plural, =0 {} other {; # fuera: ya limpiadas}}',
  'images.startUpTo':
    'Empezar – usa hasta {credits} para {count, plural, one {# imagen} other {# imágenes}}{free, plural, =0 {} other {; # gratis en este ordenador}}{left, plural, =0 {} other {; # fuera: ya limpiadas}}',
  'images.startNothing':
    'Nada que enviar: {left, plural, one {# imagen ya se limpió} other {# imágenes ya se limpiaron}} con la misma máscara. Marque «limpiar de nuevo» para volver a enviar una.',
  'images.heldBackUnsure':
    '{count, plural, one {# imagen queda en espera: Buscar la marca de agua no estaba seguro de su marca, así que no se envía nada por ella. Pinta una máscara con Editar máscara o márcala en Buscar la marca de agua.} other {# imágenes quedan en espera: Buscar la marca de agua no estaba seguro de su marca, así que no se envía nada por ellas. Pinta una máscara con Editar máscara o márcalas en Buscar la marca de agua.}}',
  'images.startOnlyUnsure':
    'Aún no hay nada que enviar: la búsqueda de la marca de agua no estaba segura de la marca en estas imágenes. Pinta antes una máscara en ellas.',
  'images.cleanedBefore':
    '{count, plural, one {# de ellas ya se limpió antes} other {# de ellas ya se limpiaron antes}}. Una que se enviaría de nuevo con la misma máscara se deja fuera y no cuesta nada, salvo que marques «limpiar de nuevo».',
  'images.appliedSameSize':
    '{count, plural, one {Máscara aplicada a # imagen de {size}.} other {Máscara aplicada a # imágenes de {size}.}}',
  'images.appliedAll':
    '{count, plural, one {Máscara aplicada a # imagen.} other {Máscara aplicada a # imágenes.}}',
  'images.appliedSelected':
    '{count, plural, one {Máscara aplicada a # imagen seleccionada.} other {Máscara aplicada a # imágenes seleccionadas.}}',
  'images.appliedScaled':
    '{count, plural, one {# de ellas tiene un tamaño distinto de {size}: la máscara se ha escalado para ajustarse, con cada marca tan cerca de su esquina como en {name}. Revísala con Editar máscara.} other {# de ellas tienen un tamaño distinto de {size}: la máscara se ha escalado para ajustarse, con cada marca tan cerca de su esquina como en {name}. Revísalas con Editar máscara.}}',
  'images.twoSentences': '{first} {second}',
  'images.maskSaved': 'Máscara guardada para {name}.',
  'images.maskRemoved': 'Máscara quitada de {name}.',
  'images.foundNote':
    '{count, plural, one {La máscara encontrada está en # imagen} other {La máscara encontrada está en # imágenes}}{free, plural, =0 {} one {, # se limpiará gratis en este ordenador} other {, # se limpiarán gratis en este ordenador}}. Revisa una con Vista previa o cámbiala con Editar máscara.',
  'images.applySameSize': 'Aplicar a todas las imágenes de {size}',
  'images.applyAll': 'Aplicar a las {count} imágenes',
  'images.applySelected': 'Aplicar a las seleccionadas',
  'images.previewFree': 'Vista previa de {name} (gratis)',
  'images.noMaskAll':
    'Ninguna tiene máscara todavía: el servicio buscará entonces la marca de agua por sí mismo y quitará lo que encuentre (el modo demo repinta una marca que encuentre en una esquina). Pinta una máscara donde deba buscar.',
  'images.noMaskSome':
    '{count, plural, one {# de ellas no tiene máscara} other {# de ellas no tienen máscara}}: el servicio buscará entonces la marca de agua por sí mismo y quitará lo que encuentre (el modo demo repinta una marca que encuentre en una esquina). Pinta una máscara donde deba buscar.',
  // The staged images the measured mark cleans here (a profile or the finder's choice).
  'images.localAll':
    '{count, plural, one {Se limpia} other {Las # se limpian}} en este ordenador, gratis, con la marca de agua medida: no se envía nada al servicio por {count, plural, one {ella} other {ellas}}.',
  'images.localSome':
    '{count, plural, one {# de ellas se limpia} other {# de ellas se limpian}} en este ordenador, gratis, con la marca de agua medida: no se envía nada al servicio por {count, plural, one {ella} other {ellas}}.',
  'images.list': 'Imágenes listas',
  'images.select': 'Seleccionar {name}',
  'images.fromWeb': '{name} (de la web)',
  'images.localFree': 'se limpia en este ordenador, gratis',
  'images.cleanAgain': 'Ya limpiada · limpiar de nuevo',
  'images.scaledHint':
    'La máscara se dibujó en una imagen de {size} y se escaló para ajustarse a esta.',
  'images.badge.scaled': 'máscara, escalada',
  'images.badge.mask': 'máscara',
  'images.badge.none': 'sin máscara',
  'images.editMask': 'Editar máscara',
  'images.paintMask': 'Pintar máscara',
  'images.editMaskOf': 'Editar máscara: {name}',
  'images.paintMaskOf': 'Pintar máscara: {name}',
  'images.preview': 'Vista previa',
  'images.previewHint': 'Un repintado gratuito hecho en este ordenador, para comprobar la máscara',
  'images.maskEditor': 'Editor de máscaras',
  'images.compareTitle': 'Antes y después: {name}',
  'images.cleaned': 'limpia',
  'images.savedTo': 'Guardado en {path}',
  'finder.looking': 'Buscando la marca de agua',
  'finder.lookingFor':
    'Buscando una marca que compartan las {count} imágenes, en este ordenador, sin coste…',
  'finder.cancel': 'Cancelar',
  'finder.close': 'Cerrar',
  'finder.found': 'La marca de agua encontrada',
  'finder.intro':
    'El rojo muestra lo que cubre la máscara de cada imagen. Desmarca una imagen para dejarla fuera; después de usar las máscaras, puedes ajustar cualquiera con Editar máscara.',
  'finder.groupSize': '{count, plural, one {# imagen de {size}} other {# imágenes de {size}}}',
  'finder.groupCorner':
    '{count, plural, one {# imagen} other {# imágenes}} de varios tamaños, con la marca en la esquina {corner, select, top_left {superior izquierda} top_right {superior derecha} bottom_left {inferior izquierda} other {inferior derecha}}',
  'finder.groupHeading': '{group}: {finding}',
  'finder.noShared': 'no se ha encontrado ninguna marca común; pinta una máscara a mano',
  'finder.markOn': 'la marca está en {count} de ellas',
  'finder.serviceOnly':
    'Solo el servicio puede limpiar estas: para limpiar en este ordenador, la marca se mide en al menos 3 imágenes de un mismo tamaño que la lleven.',
  'finder.markFound': 'marca encontrada ({percent})',
  'finder.noMark': 'no se ve marca ({percent})',
  'finder.more': 'Y {count} más de este grupo, marcadas igual según su puntuación.',
  'finder.byHand': 'Para marcar a mano',
  'finder.byHandTitle': 'Para marcar a mano ({count})',
  'finder.use':
    '{count, plural, one {Usar las máscaras para # imagen} other {Usar las máscaras para # imágenes}}{free, plural, =0 {} one { (# limpiada en este ordenador)} other { (# limpiadas en este ordenador)}}',
  'finder.who': 'Quién las limpia',
  'finder.byService': 'El servicio — {credits} por imagen',
  'finder.byComputer': 'En este ordenador — gratis',
  // The self-check: the quality cleaning on this computer is expected to give.
  'quality.expected':
    'Calidad esperada en este ordenador: {db} dB, {band, select, clean {la marca no debería verse.} faint {puede quedar un rastro leve de la marca en las zonas lisas.} other {es probable que el resultado muestre un rastro de la marca.}}',
  'quality.notChosen':
    'Por eso «En este ordenador» no está elegido de antemano: compara las dos vistas previas antes de elegirlo.',
  'quality.short': '{db} dB esperados',
  'cli.engine.expectedLow':
    'Con --engine local se limpian igualmente, y cada resultado se marca como «Marca aún visible» salvo que la comprobación posterior a la limpieza no encuentre rastro de la marca.',
  'finder.maskShare': 'La máscara cubre {share} de cada imagen.',
  'finder.tickGroup':
    '{count, plural, one {La # imagen de este grupo} other {Las # imágenes de este grupo}}',
  'finder.unsure': 'no es seguro ({percent})',
  'finder.unreadable': 'No se pudieron leer',
  'finder.unreadableTitle': 'No se pudieron leer ({count})',
  'preview.title': 'Vista previa gratuita: {name}',
  'preview.afterWord': 'vista previa gratuita',
  'preview.note':
    'Hecha en este ordenador con un repintado sencillo, sin coste, para mostrar lo que cubre la máscara. El resultado del propio servicio suele ser más limpio.',
  'preview.making': 'Creando la vista previa',
  'preview.repainting': 'Repintando la zona de la máscara en este ordenador…',
  'preview.failed': 'No se ha podido crear la vista previa: {reason}',
  'preview.close': 'Cerrar',
  'preview.eachEngine': '{name} limpiada de cada forma',
  'preview.enlarged': '{name}, ampliada alrededor de la marca, limpiada de cada forma:',
  'preview.cleanedLocal': 'limpiada en este ordenador',
  'preview.cleanedService': 'limpiada por el servicio',
  'preview.undoing': 'Deshaciendo la marca en este ordenador',
  'preview.serviceCleaning': 'El servicio la está limpiando',
  'preview.askService': 'Vista previa con el servicio – {credits}',
  'preview.question': '¿Enviar {name} al servicio para una vista previa, por {credits}?',
  'preview.confirm': 'Confirmar la vista previa de {name} con el servicio',
  'preview.byService':
    'El servicio — {credits} por imagen{demo, select, true { (gratis en modo demo)} other {}}',
  'output.summary': 'Salida: {folder} · nombres como {example}',
  'output.besideEach': 'una carpeta «clearframe» junto a cada imagen',
  'output.creditsLeft': '{count, plural, one {queda # crédito} other {quedan # créditos}}',
  // Demo figures said as simulated, and what an empty filter of the results says.
  'output.demoCreditsLeft':
    '{count, plural, one {queda # crédito de demo (simulado)} other {quedan # créditos de demo (simulados)}}',
  'account.demoCreditsLeft':
    'Quedan {remaining} de {limit, plural, one {# crédito de demo} other {# créditos de demo}} (simulados)',
  'account.demoBalance': '{balance} (saldo de demo simulado)',
  'jobs.empty.all': 'No hay imágenes en esta lista',
  'jobs.empty.running': 'No hay imágenes en curso',
  'jobs.empty.failed': 'No hay imágenes fallidas',
  'jobs.empty.doubt': 'No hay resultados por revisar',
  'jobs.empty.done': 'Aún no hay imágenes terminadas',
  'output.folder': 'Carpeta',
  'output.folderPlaceholder': 'Junto a cada imagen',
  'output.choose': 'Elegir…',
  'output.fileName': 'Nombre de archivo',
  'output.conflict': 'Si el nombre ya existe',
  'output.layout': 'Subcarpetas de una carpeta soltada',
  'output.metadata': 'Conservar los metadatos (EXIF, perfil de color)',
  'output.format': 'Formato',
  // ── end of Images workspace.

  // ── Command line and main process: keys of their messages go below this line.
  // La línea de órdenes: para qué sirve cada orden y cómo se escribe.
  'cli.summary.help': "lista las órdenes, o cómo usar una (help '<'orden>)",
  'cli.summary.remove':
    'quita marcas de agua de imágenes y carpetas (--demo para probarlo con el simulador)',
  'cli.summary.video': 'proyectos de vídeo: new, add-round, import, run, status, spending',
  'cli.summary.jobs': 'cuántos trabajos hay en cada estado (--watch para seguirlos)',
  'cli.summary.balance': 'créditos de marca de agua y saldo de vídeo',
  'cli.summary.key': 'guarda, prueba o borra una clave de API en el llavero del sistema',
  'cli.summary.simulator': 'ejecuta el sustituto local del servicio (--port=N)',
  'cli.summary.version': 'muestra la versión',
  'cli.help.usage': 'Uso: clearframe help [orden]',
  'cli.help.head': "Uso: clearframe '<'orden> [opciones]\n\nÓrdenes:",
  'cli.help.foot':
    'Opciones que aceptan casi todas las órdenes: --json (un objeto JSON por línea), --demo (el\nsimulador integrado en lugar del servicio), --data-dir carpeta (otra carpeta de datos).\n\nCódigos de salida: {done} hecho; {someFailed} algunos trabajos fallaron o esperan tu decisión, o un error;\n{usage} la línea de órdenes era incorrecta; {noKey} no hay clave de API; {spending} el límite de gasto o el\nsaldo detuvo un intento de pago; {interrupted} interrumpido.',
  'cli.version.usage': 'Uso: clearframe version',
  'cli.jobs.usage':
    'Uso: clearframe jobs [--watch] [--json] [--data-dir carpeta]\n  Cuántas imágenes e intentos de vídeo hay en cada estado. --watch lo vuelve a dibujar cada\n  segundo hasta Ctrl+C.',
  'cli.balance.usage':
    'Uso: clearframe balance [--demo] [--json] [--data-dir carpeta]\n  Los créditos de marca de agua y el saldo de vídeo, cada uno tal como lo indica su servicio.',
  'cli.remove.usage':
    "Uso: clearframe remove '<'archivos|carpetas…> [--mask archivo | --mask-rect x,y,an,al | --auto-mask] [--out carpeta]\n                          [--recursive] [--concurrency n] [--retry] [--force] [--dry-run] [--demo] [--json] [--data-dir carpeta]\n  Quita la marca de agua de cada imagen nombrada o encontrada en las carpetas. --mask toma un\n  archivo de máscara (marcas de cualquier color salvo negro o blanco puros, o blanco sobre negro);\n  --mask-rect marca un rectángulo en píxeles de imagen, comprobado con cada imagen antes de enviar\n  nada. Tras un fallo, vuelve a ejecutarla para continuar: nada de lo enviado se envía otra vez.\n  --retry   vuelve a intentar los archivos fallidos: pregunta de nuevo gratis al servicio si tiene\n            la imagen, prepara de nuevo un archivo que nunca aceptó (tras sustituirlo, por ejemplo)\n  --force   vuelve a enviar, pagando (1 crédito cada uno), archivos ya limpiados o fallidos\n{masks}\n{engines}",
  'cli.masks.usage':
    '  --mask-anchor top-left|top-right|bottom-left|bottom-right|relative\n            desde dónde se mide --mask-rect (y --mask-clear-outside): con una esquina, x,y son\n            las distancias a los lados de esa esquina, así un rectángulo sirve para fotos de\n            cualquier tamaño; con relative, los cuatro números son fracciones de la imagen de 0 a 1\n  --auto-mask         busca la marca de agua que comparten las imágenes y muestra lo encontrado por\n                      grupo antes de enviar nada; --mask-rect pasa a ser una pista aproximada\n  --dry-run           se detiene tras mostrar lo que se enviaría: no se envía ni se paga nada\n  --save-masks carpeta guarda allí la máscara de cada grupo como PNG (blanco sobre negro) a su tamaño\n  --mask-grow n, --mask-shrink n, --mask-invert, --mask-clear-outside x,y,an,al\n                      cambia la máscara antes de enviarla: la agranda o la reduce n píxeles,\n                      la invierte, borra todo lo que queda fuera del rectángulo\n  --mask-whole        toma un archivo --mask que marca cada píxel (todo blanco, por ejemplo)\n                      como si marcara toda la imagen, que entonces se repinta',
  'cli.engine.usage':
    '  --engine service|local\n                      service (por defecto): el servicio limpia cada imagen, 1 crédito cada una;\n                      local: este ordenador deshace la mezcla de la marca de agua que --auto-mask\n                      midió en el lote, gratis y sin conexión; las imágenes cuya marca no puede\n                      medir se dejan fuera y se nombran (envíalas con --engine service)',
  'cli.video.usage':
    "Uso:\n  clearframe video new '<'nombre> [--shot título]\n  clearframe video add-round '<'id de proyecto o de plano> --prompt texto [--duration s (por defecto {seconds})] [--resolution 480p|720p]\n        [--ratio 16:9] [--model id] [--image url[=papel]]… [--video url] [--audio url] [--auto]\n        [--last-frame] [--generate-audio] [--watermark]\n  clearframe video add-round --extend '<'id de intento> --prompt texto\n  clearframe video import '<'archivo.csv|archivo.json> (--project id | --new nombre) [--yes]\n  clearframe video run [--concurrency n] [--out carpeta] [--demo]\n  clearframe video status [id de proyecto]\n  clearframe video spending [--project id] [--month AAAA-MM] [--csv archivo]\n        cada intento que el servicio pueda haber cobrado (su cargo, o su estimación mientras el\n        servicio no lo haya dicho), del más reciente al más antiguo, por mes (zona horaria de este\n        ordenador) y por proyecto; --csv además lo escribe como archivo CSV, nunca encima de uno existente\nTodas aceptan --json y --data-dir carpeta.\n\nvideo import pone en cola un lote de intentos desde un archivo CSV (una fila de cabecera nombra las\ncolumnas) o una lista JSON de objetos, con estas columnas o campos:\n  prompt      lo que muestra el intento (obligatorio)\n  kind        {kinds} (por defecto text)\n  references  image=URL, video=URL o audio=URL, separadas por | (una lista en JSON); la N-ésima\n              de un tipo es @imageN, @videoN, @audioN en el prompt. \"video=asset://id from\n              clip.mp4\" nombra el archivo desde el que se subió, para comprobar aquí su duración.\n  duration    segundos (por defecto {seconds}; déjalo vacío para auto)\n  ratio       {ratios} (adaptive para auto)\n  shot        los intentos que nombran el mismo plano lo comparten; uno sin plano recibe el suyo\nPrimero se comprueba cada fila: una fila errónea no pone nada en cola, y cada problema nombra su fila.\nSe muestran los intentos y su coste total y luego se pregunta; --yes los pone en cola sin preguntar\n(necesario cuando la entrada estándar no es un terminal).",

  // La línea de órdenes: errores en lo que se escribió.
  'cli.unknownCommand':
    'clearframe: orden desconocida «{name}». «clearframe help» muestra la lista.',
  'cli.usageError': 'clearframe {command}: {problem} Consulta clearframe {command} --help.',
  'cli.commandProblem': 'clearframe {command}: {problem}',
  'cli.failed': 'clearframe: {problem}',
  'cli.unexpected': 'clearframe {command}: un error inesperado detuvo la orden: {problem}',
  'cli.args.unknownOption': 'opción desconocida {option}.',
  'cli.args.unexpected': 'argumento inesperado {argument}.',
  'cli.args.takesNoValue': '{option} no lleva valor.',
  'cli.args.needsValue': '{option} necesita un valor.',
  'cli.args.thatOption': 'esa opción',
  'cli.args.unreadable': 'no se pueden leer las opciones.',
  'cli.concurrency': '--concurrency debe ser un número entero de 1 a {most}.',
  'cli.fileProblem': '{file}: {problem}',
  'cli.note': 'Nota: {note}',
  'cli.ask.choices': '[s/N]',
  'cli.ask.yes': 's|sí|si|y|yes',

  // La línea de órdenes: estados y servicios como los nombran sus listas.
  'cli.state.queued': 'en cola',
  'cli.state.preparing': 'preparando',
  'cli.state.submitting': 'enviando',
  'cli.state.submitted': 'enviado',
  'cli.state.processing': 'en proceso',
  'cli.state.downloading': 'descargando',
  'cli.state.done': 'hecho',
  'cli.state.failed': 'fallido',
  'cli.state.canceled': 'cancelado',
  'cli.state.needs-attention': 'decisión pendiente',
  'cli.service.watermark': 'marca de agua',
  'cli.service.video': 'vídeo',

  // La línea de órdenes: progreso, seguir a la app, recuentos y saldos.
  'cli.progress.bar':
    '{label} [{bar}] {settled}/{total}{failed, plural, =0 {} other {, # fallidos}}',
  'cli.progress.skipped': 'omitido',
  'cli.progress.waiting':
    'esperando: {reason} Ctrl+C se detiene aquí y conserva cada trabajo para la próxima vez.',
  'cli.progress.resumed': 'seguimos: vuelve a haber espacio en el disco.',
  'cli.follow.otherOut':
    '{holder} ocupa esta carpeta de datos y escribe los resultados en {theirs}, no en {out}. Ejecútalo sin --out, o cierra la app y vuelve a ejecutarlo.',
  'cli.follow.defaultFolders': 'sus carpetas predeterminadas',
  'cli.follow.handedOver':
    '{holder} ocupa esta carpeta de datos: ejecuta estos trabajos y su progreso se muestra aquí. Ctrl+C deja de seguirlos; la app continúa.',
  'cli.jobs.count': '{count} {state}',
  'cli.jobs.none': 'ninguno',
  'cli.jobs.images': 'imágenes: {list}',
  'cli.jobs.rounds': 'intentos de vídeo: {list}',
  'cli.jobs.clips': 'clips: {list}',
  'cli.remove.clipInWindow':
    'los clips se limpian en la ventana (pantalla Imágenes, zona Vídeos), donde WebCodecs los decodifica; la línea de comandos no puede.',
  'cli.balance.line': '{service}: {quota} (según {host})',
  'cli.balance.failed': '{service}: {problem}',
  'cli.balance.unknown': 'desconocido',

  // La línea de órdenes: quitar marcas de agua.
  'cli.remove.noInputs': 'nombra al menos una imagen o carpeta.',
  'cli.remove.noMaskFile': 'el archivo de máscara {file} no existe.',
  'cli.remove.masksWritten': 'Máscaras guardadas: {files}.',
  'cli.remove.noMasksWritten': 'Máscaras guardadas: ninguna (no se encontró marca de agua).',
  // Máscaras de pago: cuánto de la imagen cubren; por encima de un umbral se pregunta.
  'masks.share':
    '{count, plural, one {La máscara cubre el {largest} de su imagen.} other {{same, select, yes {Las máscaras cubren cada una el {largest} de su imagen.} other {Las máscaras cubren del {smallest} al {largest} de sus imágenes.}}}}',
  'masks.largeShare':
    '{count, plural, one {# imagen tiene una máscara de más del {limit} (la mayor cubre el {largest}): el servicio repinta toda la máscara, 1 crédito por imagen.} other {# imágenes tienen máscaras de más del {limit} (la mayor cubre el {largest}): el servicio repinta toda la máscara, 1 crédito por imagen.}}',
  'cli.masks.large.usage':
    '  --allow-large-mask  enviar sin preguntar las máscaras que cubren más del {limit} de una imagen\n                      (se pregunta en un terminal; fuera de uno no se envía nada, código de salida 2)',
  'cli.remove.askLargeMasks': '¿Enviarlas igualmente con estas máscaras?',
  'cli.remove.sayLargeMasks':
    'No se envió nada. Revise las máscaras (--dry-run las lista, --save-masks las escribe) o añada --allow-large-mask para enviarlas tal como están.',
  'cli.remove.largeMasksRefused':
    'No se envió nada. Indique una máscara más pequeña (--mask-rect o --mask) o marque las imágenes a mano en la ventana.',
  'images.largeMasks.label': 'Máscaras grandes',
  'images.largeMasks.ask':
    '{count, plural, one {¿Enviarla igualmente o marcarla antes a mano?} other {¿Enviarlas igualmente o marcarlas antes a mano?}}',
  'images.largeMasks.send': 'Enviar igualmente',
  'images.largeMasks.byHand': 'Marcar a mano',

  'cli.remove.dryRun':
    'Prueba en seco: {count, plural, one {# imagen revisada} other {# imágenes revisadas}}, no se envió ni se pagó nada.',
  'cli.remove.cleaning': 'Limpiando',
  'cli.remove.payingAgain':
    '--force: se envían {count, plural, one {# archivo} other {# archivos}} de nuevo, pagando {credits} en total (incluidos los archivos nunca enviados).',
  'cli.remove.retryInApp':
    'La app ocupa esta carpeta de datos, así que los archivos ya intentados se reintentan allí: usa «Consultar de nuevo» o «Enviar de nuevo (de pago)» en su ventana, o ciérrala y vuelve a ejecutar esta orden.',
  'cli.remove.itIs': 'Estado: {state}.',
  'cli.remove.summary':
    '{done} hechos, {failed} fallidos{attention, plural, =0 {} other {, # esperan tu decisión (puede que el servicio ya los tenga)}}{skipped, plural, =0 {} other {, # no aceptados (cada uno aparece arriba con el motivo)}}.',
  'cli.plan.drawnMask': 'una máscara dibujada',
  'cli.plan.unreadableMask':
    'una máscara que Clearframe no puede volver a leer (su registro del trabajo está dañado)',
  'cli.plan.noMask': 'sin máscara (la esquina que elige el servicio)',
  'cli.plan.alreadyCleaned':
    '{file}: ya se limpió con {used}, así que no se usó {asked}. Añade --force para enviarlo de nuevo con {asked}, pagando ({credits}).',
  'cli.plan.forceDamaged':
    'Desde la línea de órdenes, --force lo añade de nuevo como trabajo nuevo ({credits}).',
  'cli.plan.retryFree':
    'Vuelve a ejecutarlo con --retry para preguntar de nuevo al servicio (gratis); --force lo envía de nuevo pagando ({credits}).',
  'cli.plan.forceAgain': '--force lo envía de nuevo ({credits}, que puede ser un segundo pago).',
  'cli.plan.retryLater':
    'Cuando se resuelva la causa, vuelve a ejecutarlo con --retry ({credits} si el servicio lo acepta).',
  'cli.engine.unknown': '--engine acepta service o local.',
  'cli.engine.needsAutoMask':
    '--engine local deshace la mezcla de una marca de agua medida en todo el lote: añade --auto-mask (necesita al menos 3 imágenes de un tamaño que compartan la marca).',
  'cli.engine.notLocal':
    'no se pudo medir ninguna marca de agua para ella en este lote (necesita al menos 3 imágenes de su tamaño que compartan la marca), así que no se limpió: envíala con --engine service, o márcala a mano.',
  'cli.engine.groupLocal':
    'Grupo {number} ({count, plural, one {# imagen} other {# imágenes}} con la marca): en este ordenador, gratis; no se envía nada.',
  'cli.engine.groupLeftOut':
    'Grupo {number} ({count, plural, one {# imagen} other {# imágenes}}): sin limpiar, {reason}',
  'cli.engine.groupService':
    'Grupo {number} ({count, plural, one {# imagen} other {# imágenes}}): el servicio, {credits}.',

  // La línea de órdenes: proyectos de vídeo e intentos.
  'cli.video.costUpTo':
    'hasta {cost} (modo auto: el modelo elige la duración; {seconds} s a {rate} USD/s es lo máximo que puede costar)',
  'cli.video.costAbout': 'unos {cost} ({seconds} s a {rate} USD/s)',
  'cli.video.upTo': 'hasta {cost}',
  'cli.video.about': 'unos {cost}',
  'cli.video.nameProject': 'ponle un nombre al nuevo proyecto.',
  'cli.video.created': 'Proyecto «{name}»: {projectId}\nPlano 1: {shotId}',
  'cli.video.needsPrompt': '--prompt es obligatorio: di qué debe mostrar el intento.',
  'cli.video.wholeSeconds': '--duration acepta segundos enteros, como 8.',
  'cli.video.noRound': 'No hay ningún intento {id}.',
  'cli.video.nameTarget': 'nombra el proyecto o plano al que pertenece el intento.',
  'cli.video.noTarget':
    'No hay ningún proyecto ni plano {id}. «clearframe video status» los lista.',
  'cli.video.queuedRound': 'Intento {position} en cola: {roundId}\nCoste: {cost}',
  'cli.video.overCap':
    'Nota: todo lo que está en cola suma {planned} con lo ya gastado, por encima del límite de gasto de {cap}; los intentos que pasen del límite se detendrán antes de pagarse.',
  'cli.video.overMonthlyCap':
    'Nota: todo lo que está en cola suma {planned} con lo gastado en {month}, por encima del límite de gasto mensual de {cap}; los intentos que pasen del límite se detendrán antes de pagarse.',
  'cli.video.round': 'intento {position} {state} {money}',
  'cli.video.charged': 'cobrado {cost}',
  'cli.video.estimated': 'estimado {cost}',
  'cli.video.demoCost': 'costaría {cost} (demo, sin cobro)',
  'cli.video.rendering': 'Generando',
  'cli.video.ran':
    '{done} de {total} intentos hechos, {charged} cobrados.{refused, plural, =0 {} other { # detenidos por el límite de gasto o el saldo.}}',
  'cli.video.ranDemo':
    '{done} de {total} intentos hechos; costarían {charged}, pero los hizo el simulador integrado y no se cobró nada.{refused, plural, =0 {} other { # detenidos por el límite de gasto o el saldo.}}',
  'cli.video.noProject':
    'No hay ningún proyecto {id}. Ejecuta «clearframe video status» para ver la lista.',
  'cli.video.project': '{name}  ({id})',
  'cli.video.shot': 'plano {position}  ({id})',
  'cli.video.shotTitled': 'plano {position} «{title}»  ({id})',
  'cli.video.spending':
    'Gastado {spent}; en curso {inFlight}; en cola {queued} si se ejecuta todo.',
  'cli.video.nameFile': 'nombra el archivo CSV o JSON que quieres importar.',
  'cli.video.sayWhere': "di adónde van los intentos: --project '<'id> o --new '<'nombre>.",
  'cli.video.importTotal': '{count, plural, one {# intento} other {# intentos}}, {total}.',
  'cli.video.cannotAsk':
    'clearframe video import: no se puso nada en cola. La entrada estándar no es un terminal, así que Clearframe no puede preguntar: añade --yes para poner en cola estos intentos por el coste mostrado.',
  'cli.video.askQueue':
    '¿Poner en cola {count, plural, one {# intento} other {# intentos}} por {total}?',
  'cli.video.nothingQueued': 'No se puso nada en cola.',
  'cli.video.queuedImport':
    '{count, plural, one {# intento} other {# intentos}} en cola en el proyecto {projectId}. «clearframe video run» los genera.',
  'cli.video.unknownSub': 'suborden desconocida «{name}».',
  'cli.video.nameSub': 'nombra una suborden.',
  'cli.session.demo':
    'Modo demo: se usa el simulador integrado; no se envía nada al servicio real.',
  'cli.session.simulator': 'el simulador integrado (modo demo)',
  'cli.session.unsaidService': 'un servicio que no ha indicado',
  'cli.session.busy':
    '{holder} ya está trabajando en la carpeta de datos {folder}. Espera a que termine (o detenlo con Ctrl+C) y vuelve a ejecutar esto.',
  'cli.session.otherService':
    '{holder} ocupa la carpeta de datos {folder} y envía las peticiones de {service} a {theirs}, mientras que esta orden usaría {ours}, así que no puede aceptar estos trabajos. Cierra la app y vuelve a ejecutarlo, o haz que ambas usen el mismo servicio (con --demo mientras la app esté en modo demo).',
  'cli.session.otherServiceDemo':
    '{holder} ocupa la carpeta de datos {folder} y envía las peticiones de {service} a {theirs}, mientras que esta orden usaría {ours}, así que no puede aceptar estos trabajos. Cierra la app y vuelve a ejecutarlo, o haz que ambas usen el mismo servicio (sin --demo).',
  'cli.session.noWatermarkKey':
    'No hay ningún token de API de marca de agua. Ejecuta «clearframe key set watermark» (o define {variable}), o añade --demo para usar el simulador integrado.',
  'cli.session.noVideoKey':
    'No hay ninguna clave de API de vídeo. Ejecuta «clearframe key set video» (o define {variable}), o añade --demo para usar el simulador integrado.',
  'cli.key.usage':
    'Uso: clearframe key set|test|clear watermark|video\n  set lee la clave de la entrada estándar (sin mostrarla en un terminal), así nunca aparece\n  en el historial de la shell ni en la lista de procesos.',
  'cli.key.noDemo': 'el simulador integrado no necesita clave; quita --demo.',
  'cli.key.removed':
    '{kind, select, watermark {El token de API de marca de agua} other {La clave de API de vídeo}} se quitó del llavero del sistema.',
  'cli.key.noneStored':
    'No había {kind, select, watermark {ningún token de API de marca de agua guardado} other {ninguna clave de API de vídeo guardada}}.',
  'cli.key.paste':
    'Pega {kind, select, watermark {tu token de API de marca de agua} other {tu clave de API de vídeo}} y pulsa Intro (no se muestra nada):',
  'cli.key.notSet':
    'no hay {kind, select, watermark {ningún token de API de marca de agua definido} other {ninguna clave de API de vídeo definida}}. Ejecuta «clearframe key set {kind}».',
  // ── The agent door (clearframe mcp) and its allowance.
  'cli.summary.mcp': 'atiende a agentes de IA por MCP (stdio), dentro de una asignación diaria',
  'cli.mcp.usage':
    'Uso: clearframe mcp [--credits-per-day=N] [--usd-per-day=X] [--demo] [--data-dir=DIR]\n  Un servidor MCP en la entrada y salida estándar para agentes de IA (Claude Desktop, Claude Code…): encontrar la marca de agua, limpiar imágenes, presupuestar y poner en cola intentos de vídeo, ver los trabajos y el gasto.\n  Las herramientas de pago se quedan dentro de la asignación diaria fijada en Ajustes (Asignación diaria del agente) o con estas opciones para este servidor; sin ella, no se envía nada de pago.',
  'cli.mcp.badCredits': '{option} admite un número entero de créditos, 0 o más.',
  'cli.mcp.badUsd': '{option} admite una cantidad en USD, 0 o más.',
  'mcp.refused.credits':
    'Esto gastaría hasta {cost}, y a la asignación del agente le quedan hoy {left} de {allowance}: no se ha enviado nada. Para permitirlo, sube «Asignación diaria del agente» en Ajustes, o inicia el servidor con --credits-per-day.',
  'mcp.refused.usd':
    'Este intento costaría hasta {cost}, y a la asignación del agente le quedan hoy {left} de {allowance}: no se ha enviado nada. Para permitirlo, sube «Asignación diaria del agente» en Ajustes, o inicia el servidor con --usd-per-day.',
  'mcp.asked.no':
    'La persona respondió que no en la ventana de Clearframe: no se ha enviado nada. Pregúntale antes de volver a llamar, o que suba «Asignación diaria del agente» en Ajustes.',
  'mcp.asked.noAnswer':
    'Nadie respondió en la ventana de Clearframe en {seconds, plural, one {# segundo} other {# segundos}}: no se ha enviado nada. Vuelve a llamar cuando haya alguien para permitirlo, o que suban «Asignación diaria del agente» en Ajustes.',
  'mcp.ledgerDamaged':
    'No se puede leer el archivo de asignación del agente {file}, así que no se envía nada de pago. Revísalo o bórralo: entonces la cuenta de hoy vuelve a empezar de cero.',
  'mcp.round.needsProject':
    'Indica un proyecto: su id (project) o el nombre de uno nuevo (project_name). No se ha enviado nada.',
  'mcp.round.needsLength':
    'Dale al intento una duración en segundos: una duración abierta no tiene un precio al que pueda atenerse la asignación. No se ha enviado nada.',
  'mcp.round.lost':
    'Esta llamada ya se empezó y quizá puso su intento en cola: mira los intentos (clearframe video status) antes de repetirla con una intención nueva. Esta vez no se ha enviado nada.',
  'mcp.round.waits':
    'El intento está en cola detrás de {count, plural, one {# intento} other {# intentos}} que no puso el agente: los envía todos la aplicación o «clearframe video run», no el agente.',
  'settings.agentAllowance.credits': 'Asignación diaria del agente, créditos de marca de agua',
  'settings.agentAllowance.usd': 'Asignación diaria del agente, vídeo en USD',
  'settings.agentAllowance.hint':
    'Lo que un agente de IA conectado con «clearframe mcp» puede gastar cada día; con 0 no gasta nada.',
  // ── end of the agent door.
  // ── The agent's question in the window.
  'agentAsk.label': 'Una pregunta de un agente de IA',
  'agentAsk.who': '{agent} pide gastar más de la asignación diaria del agente de hoy.',
  'agentAsk.whoUnnamed':
    'Un agente de IA pide gastar más de la asignación diaria del agente de hoy.',
  'agentAsk.position': '{index} de {count}',
  'agentAsk.clean':
    '¿Enviar {images, plural, one {# imagen} other {# imágenes}} al servicio de marcas de agua por {cost} como máximo?',
  'agentAsk.round':
    '¿Poner en cola y enviar un intento de vídeo de {seconds} segundos por unos {cost}?',
  'agentAsk.places': 'Imágenes de: {places}',
  'agentAsk.morePlaces': '{places} y {more} más',
  'agentAsk.prompt': 'Prompt: {prompt}',
  'agentAsk.hint': 'No se envía nada antes de su sí; un no rechaza la llamada.',
  'agentAsk.yes': 'Sí, enviar',
  'agentAsk.no': 'No',
  'agentAsk.gone': 'El agente había dejado de esperar: no se envió nada.',
  // ── end of the agent's question.
  'cli.summary.open': 'prepara archivos y carpetas en la ventana abierta de Clearframe',
  'cli.open.usage':
    'Uso: clearframe open RUTA... [--data-dir=CARPETA]\n  Prepara las imágenes y carpetas en la ventana de Clearframe en marcha, como si se hubieran soltado allí.',
  'cli.open.nothing': 'indica al menos un archivo o carpeta para abrir.',
  'cli.open.missing': '{path} no existe; se ha dejado fuera.',
  'cli.open.notRunning':
    'Clearframe no está abierto con la carpeta de datos {folder}. Abre Clearframe y vuelve a ejecutar esto, o limpia los archivos desde aquí con «clearframe remove».',
  'cli.open.commandHolds':
    '{holder} está usando la carpeta de datos {folder}, no la app Clearframe. Abre Clearframe cuando haya terminado y vuelve a ejecutar esto.',
  'cli.open.noAnswer':
    '{holder} no ha respondido. Suelta los archivos en su ventana, o reinicia Clearframe y vuelve a ejecutar esto.',
  'cli.open.sent':
    '{count, plural, one {# elemento se ha pasado} other {# elementos se han pasado}} a la ventana de Clearframe.',
  'cli.spending.head':
    'Gasto en vídeo, {projects}, {months} (meses en la zona horaria de este ordenador):',
  'cli.spending.everyProject': 'todos los proyectos',
  'cli.spending.project': 'proyecto {id}',
  'cli.spending.everyMonth': 'todos los meses',
  'cli.spending.line': '{when}  {project}, plano {shot} intento {round}{prompt}  {cost}  {status}',
  'cli.spending.length': '{seconds} s × {rate} USD/s = {cost}',
  'cli.spending.removed': '{project} (quitado de la lista)',
  'cli.spending.demo': 'demo: costaría, sin cobro',
  'cli.spending.charged': 'cobrado',
  'cli.spending.estimated': 'estimación: el servicio no lo indicó',
  'cli.spending.inFlight': 'enviado, sin terminar: estimación',
  'cli.spending.nothing': 'no se envió nada al servicio.',
  'cli.spending.byMonth': 'Por mes:',
  'cli.spending.byProject': 'Por proyecto:',
  'cli.spending.row': '{name}: {sum}',
  'cli.spending.sum': '{spent} gastados, {inFlight} en intentos enviados y sin terminar',
  'cli.spending.sumWithDemo':
    '{spent} gastados, {inFlight} en intentos enviados y sin terminar; los intentos de demo habrían costado {demo}',
  'cli.spending.total': 'Total: {sum}.',
  'cli.spending.saved':
    '{count, plural, one {# cobro guardado} other {# cobros guardados}} en {path}',
  'cli.spending.savedWithDemo':
    '{count, plural, one {# cobro guardado} other {# cobros guardados}} y {demo, plural, one {# intento de demo} other {# intentos de demo}}, que nadie cobró, en {path}',
  'cli.spending.badMonth': '--month {month} no es un mes. {hint}',
  'cli.spending.noProject': '{problem} «clearframe video status» lista los proyectos y sus id.',
  'cli.masks.anchorValues': '--mask-anchor acepta uno de estos valores: {anchors}.',
  'cli.masks.rectForm':
    '{option} acepta x,y,ancho,alto en píxeles de imagen, como 1200,900,400,120.',
  'cli.masks.pixels':
    '--mask-grow y --mask-shrink aceptan un número entero de píxeles de 1 a 1000.',
  'cli.masks.notBoth': 'indica --mask o {other}, no ambos.',
  'cli.masks.anchorAlone':
    '--mask-anchor indica desde dónde se mide --mask-rect o --mask-clear-outside: indica también uno de ellos.',
  'cli.masks.saveNeedsAuto':
    '--save-masks guarda las máscaras que encuentra --auto-mask: añade --auto-mask.',
  'cli.masks.toolsAlone':
    'las herramientas de máscara cambian una máscara: indica también --mask-rect, --mask o --auto-mask.',
  'cli.masks.outside':
    '{file} mide {size} y {rect} se sale de ella, así que no se envió nada. Indica un rectángulo que quepa en todas las imágenes, o mídelo desde la esquina cercana a la marca de agua con --mask-anchor.',
  'cli.masks.outsideNeeds':
    '{file} mide {size} y {rect} se sale de ella (necesita al menos {needed}), así que no se envió nada. Indica un rectángulo que quepa en todas las imágenes, o mídelo desde la esquina cercana a la marca de agua con --mask-anchor.',
  'cli.masks.ofSize': '{count, plural, one {# imagen} other {# imágenes}} de {sizes}',
  'cli.masks.ofSizes':
    '{count, plural, one {# imagen} other {# imágenes}} de {sizeCount} tamaños, medidas desde la esquina {corner}',
  'cli.masks.none': 'No se encontró una marca de agua común en {where}: se envían sin máscara.',
  'cli.masks.box': '{size} en {x},{y}',
  'cli.masks.found':
    'Marca de agua encontrada en {present} de {where}: {boxes} (la máscara cubre el {share} de la imagen).',
  'cli.masks.score': '{file} (puntuación {score})',
  'cli.masks.notOn': 'No está en {files}: se envía sin máscara.',
  'cli.masks.tooFew':
    '{files}: {reason} Con --mask-rect {count, plural, one {recibe} other {reciben}} ese rectángulo; sin él, ninguna máscara.',
  'cli.masks.empty':
    '{file}: las herramientas de máscara dejan su máscara vacía, así que no se envió nada: reduce menos, o borra fuera de un rectángulo más grande.',
  'cli.masks.refused':
    'Ninguna marca de agua común en {where}: lo que destaca cubriría {share} de cada imagen, así que no se usa; se envían sin máscara (indica una con --mask o --mask-rect).',
  'cli.masks.unsure':
    '{file}: {reason} Se deja fuera y no se envía nada (dale una máscara con --mask o --mask-rect).',
  'cli.masks.sayWhole':
    '{problem} Di qué significa: añade --mask-whole para repintar cada imagen entera, o quita --mask y el servicio buscará la marca de agua por sí mismo.',
  'cli.masks.askWhole': '{problem} ¿Repintar cada imagen entera con ella?',
  'cli.masks.wholeRefused':
    'No se envió nada. Quita --mask y el servicio buscará la marca de agua por sí mismo, o da una máscara que marque solo la marca de agua.',
  'cli.masks.wholeNeedsMask':
    '--mask-whole dice qué significa un archivo --mask: da también --mask.',
  'main.menu.checkForUpdates': 'Buscar actualizaciones…',
  'main.menu.file': 'Archivo',
  'main.menu.openLogs': 'Abrir la carpeta de registros',
  'main.menu.help': 'Ayuda de Clearframe',
  'main.dialog.exportTakes': 'Exportar las tomas del proyecto',
  'main.dialog.spendingCsv': 'Guardar el CSV de gastos en',
  'main.dialog.importMask': 'Importar una máscara',
  'main.dialog.chooseFolders': 'Elegir carpetas de imágenes',
  'main.dialog.images': 'Imágenes',
  'main.dialog.referenceImage': 'Elegir una imagen como referencia',
  'main.dialog.exportMask': 'Exportar la máscara',
  'main.dialog.saveFilm': 'Guardar la película en',
  'main.notice.batchFinished': 'El lote ha terminado.',
  'main.updates.latest': 'Clearframe {version} es la versión más reciente.',
  'main.updates.title': 'Actualización disponible',
  'main.updates.available': 'Clearframe {version} está disponible (tienes la {current}).',
  'main.updates.availableShort': 'Clearframe {version} está disponible.',
  'main.updates.install': 'Instalar y reiniciar',
  'main.updates.later': 'Más tarde',
  'main.updates.failed':
    'No se pudieron buscar actualizaciones. Comprueba la conexión y vuelve a intentarlo más tarde.',
  'main.updates.offDevelopment':
    'Las actualizaciones están desactivadas en las versiones de desarrollo.',
  'main.updates.offDemo':
    'Las actualizaciones están desactivadas en modo demo; añade una clave para activarlas.',
  'main.updates.offSetting': 'Las actualizaciones están desactivadas en Ajustes.',
  'main.updates.noNotes': 'No hay notas de la versión.',
  'cli.simulator.usage':
    'Uso: clearframe simulator [--port N]\n  Ejecuta el sustituto local del servicio hasta Ctrl+C (en cualquier puerto libre, salvo que --port indique otro).',
  'cli.simulator.badPort': 'clearframe simulator: --port debe ser un número entero de 0 a 65535.',
  'cli.simulator.watermark': 'URL base de marcas de agua',
  'cli.simulator.video': 'URL base de vídeo',
  'cli.simulator.key': 'clave de demo',
  'cli.simulator.requestLog': 'registro de peticiones',
  'cli.simulator.stop': 'Pulsa Ctrl+C para detenerlo.',
  'main.startFailure.title': 'Clearframe no pudo iniciarse',
  'main.startFailure.bodyNoLog':
    '{what}\n\nNo se pudo escribir ningún registro, ni en la carpeta de datos ni en la carpeta temporal.\nVuelve a iniciar Clearframe; si falla igual, copia este mensaje en tu informe.',
  'main.startFailure.body':
    '{what}\n\nLos detalles están en el registro: {logFile}\nVuelve a iniciar Clearframe; si falla igual, envía ese archivo con tu informe.',
  // ── end of Command line and main process.

  // ── Engine, jobs and clients: keys of their sentences go below this line.
  'core.api.parameter':
    'El servicio rechazó la solicitud: {reason}. Cambia la entrada e inténtalo de nuevo.',
  'core.api.method':
    'El servicio rechazó la forma en que Clearframe lo llamó. Informa de esto junto con los diagnósticos.',
  'core.api.authentication':
    'El servicio no aceptó la clave de API. Revísala o sustitúyela en Ajustes.',
  'core.api.videoBalance':
    'El saldo de la API de vídeo es insuficiente para esta solicitud. Recarga el saldo en tu cuenta y vuelve a intentarlo.',
  'core.api.watermarkCredits':
    'No quedan suficientes créditos de marca de agua. Compra más créditos en tu cuenta y vuelve a intentarlo.',
  'core.api.rateLimited':
    'El servicio está ocupado y pidió a Clearframe que vaya más despacio. Lo volverá a intentar por sí solo.',
  'core.api.server': 'El servicio tuvo un problema interno. Inténtalo de nuevo en unos minutos.',
  'core.api.network':
    'Clearframe no pudo conectar con el servicio. Comprueba la conexión a internet.',
  'core.api.timeout': 'El servicio no respondió a tiempo. Inténtalo de nuevo más tarde.',
  'core.api.aborted': 'Detenido.',
  'core.api.unexpected':
    'El servicio envió una respuesta que Clearframe no entiende. Inténtalo de nuevo más tarde.',
  'core.api.download':
    'No se pudo descargar el resultado: {reason}. Usa «Consultar de nuevo» para pedir al servicio un enlace nuevo (gratis); no se vuelve a enviar.',
  'core.api.proxyUnusableSystem':
    'La configuración de proxy del sistema envía las conexiones a {host} a través de {named}, que Clearframe no puede usar. Clearframe solo funciona con proxies HTTP y HTTPS: añade uno a la configuración de proxy del sistema o asigna uno a HTTPS_PROXY (http://host:puerto) y vuelve a intentarlo.',
  'core.api.proxySocks': 'un proxy SOCKS ({address})',
  'core.api.proxyUnknownKind': 'un proxy de un tipo desconocido («{entry}»)',
  'core.api.proxyNotAddress':
    '{variable} no es una dirección de proxy. Clearframe solo funciona con proxies HTTP y HTTPS: añade uno a la configuración de proxy del sistema o asigna uno a HTTPS_PROXY (http://host:puerto) y vuelve a abrir Clearframe.',
  'core.api.proxyUnusableVariable':
    '{variable} indica {scheme, select, socks {un proxy SOCKS} other {una dirección {scheme}}} ({host}), que Clearframe no puede usar. Clearframe solo funciona con proxies HTTP y HTTPS: añade uno a la configuración de proxy del sistema o asigna uno a HTTPS_PROXY (http://host:puerto) y vuelve a abrir Clearframe.',
  'core.api.proxyCredentials':
    'El proxy pide un nombre de usuario y una contraseña. Ponlos en la dirección del proxy (http://user:password@host:port) en HTTPS_PROXY o en la configuración de proxy del sistema y vuelve a intentarlo.',
  'core.api.proxyRefused':
    'El proxy no quiso abrir una conexión con el servicio (respondió HTTP {status}). Revisa la configuración del proxy o pide a quien lo administra que permita la dirección del servicio.',
  'core.api.deadline': 'la tarea no terminó en {minutes} minutos',
  'core.jobs.stoppedWaiting':
    'Clearframe dejó de esperar: {reason}. El servicio aún conserva la tarea; usa «Consultar de nuevo» más tarde para pedirla (gratis). «Enviar de nuevo» volvería a cobrar.',
  'core.jobs.unknownStatus':
    'El servicio respondió con un estado que Clearframe no conoce («{status}») hasta que dejó de esperar. El servicio aún conserva la tarea; usa «Consultar de nuevo» más tarde para pedirla (gratis). «Enviar de nuevo» volvería a cobrar.',
  'core.jobs.linkGone':
    '{what, select, clip {El enlace del clip} other {El enlace del resultado}} dejó de funcionar y, al consultarlo de nuevo, el servicio respondió «{status}» sin enlace nuevo. Usa «Consultar de nuevo» más tarde (gratis); «Enviar de nuevo» volvería a cobrar.',
  'core.import.cannotRead':
    'Clearframe no puede leer {name}: {why, select, missing {no existe ese archivo} folder {es una carpeta} denied {no tienes permiso para abrirlo} other {no se puede leer}}. Comprueba el nombre y que puedes abrir el archivo, y vuelve a importarlo.',
  'core.import.notText':
    '{name} no es un archivo de texto. Guarda los intentos como CSV (desde una hoja de cálculo: Archivo, Guardar como, CSV) o como JSON, e importa ese archivo.',
  'core.import.columnList': '{first} y {last}',
  'core.import.empty':
    '{name} no contiene intentos. Da una fila a cada intento, con una fila de encabezado que nombre las columnas ({columns}), o una lista JSON de intentos.',
  'core.import.badCsv':
    '{name} no es un archivo CSV que Clearframe pueda leer{line, select, none {} other { (línea {line})}}: {detail}. Cada fila necesita tantos campos como el encabezado, y un campo con una coma o un salto de línea va entre comillas dobles.',
  'core.import.unknownColumn':
    '{name} tiene una columna que Clearframe no lee: {found}. Las columnas son {columns}; cambia el nombre de esa columna o quítala.',
  'core.import.noPrompt':
    '{name} no tiene columna «prompt». La primera fila nombra las columnas ({columns}); cada intento necesita un prompt.',
  'core.import.badJson':
    '{name} no es un JSON válido ({detail}). Corrígelo o guarda los intentos como CSV.',
  'core.import.notList':
    '{name} debe contener una lista JSON de intentos, como [\'{\'"prompt": "gaviotas sobre el puerto", "duration": 5\'}\'].',
  'core.import.notCsvOrJson':
    '{name} no es un archivo CSV ni JSON. Los intentos se importan desde un archivo .csv (una hoja de cálculo guardada como CSV) o un archivo .json.',
  'core.import.rowLabel': 'Fila {line}',
  'core.import.roundLabel': 'Intento {index} (línea {line})',
  'core.import.shot':
    '{titled, select, true {Plano {position} «{title}»} other {Plano {position}}}{isNew, select, true { (nuevo)} other {}}',
  'core.import.refused':
    'No se puso nada en cola desde {file}: {rows, plural, one {un intento incumple} other {# intentos incumplen}} una regla. {problems} Corrige el archivo y vuelve a importarlo.',
  'core.import.projectGone': 'Ese proyecto ya no existe; elige otro.',
  'core.rounds.noShot': 'No hay ningún plano {shot}.',
  'core.rounds.noRound': 'No hay ningún intento {round}.',
  'core.rounds.malformed': 'La solicitud está mal formada ({detail}).',
  'core.rounds.refused':
    'Este intento no se puede enviar tal como está. {problems} No se ha cobrado nada.',
  'core.rounds.notFinished':
    'Este intento aún no ha terminado; continúalo cuando su clip esté listo.',
  'core.rounds.noLastFrame':
    'Este intento se hizo sin «devolver el último fotograma», así que el servicio no guardó ningún fotograma desde el que seguir. Continúalo en la ventana, que toma el último fotograma del clip, o empieza el siguiente intento con una imagen tuya.',
  'core.rounds.needsAsset':
    'El servicio solo acepta un vídeo de referencia como recurso subido (asset://…), y este clip llegó como enlace de descarga. Sube {clip} a tu cuenta en el sitio del proveedor y escribe aquí su dirección asset://; o usa «Continuar desde el último fotograma», que no necesita subir nada.',
  'core.rounds.theClip': 'el clip',
  'core.rounds.frameUnreadable':
    'El fotograma tomado del clip no es una imagen que Clearframe pueda leer: reproduce el clip una vez y vuelve a continuarlo.',
  'core.rounds.frameSize':
    'El fotograma tomado del clip mide {frame} y el clip {clip}: vuelve a continuarlo.',
  'core.rounds.noProjectHere': 'No hay ningún proyecto {project} en esta carpeta de datos.',
  'core.rounds.nameProject': 'Ponle un nombre al proyecto.',
  'core.rounds.gone':
    '{kind, select, project {Ese proyecto} shot {Ese plano} other {Ese intento}} ya no existe.',
  'core.rounds.stillOpen':
    '{kind, select, project {{count, plural, one {Un intento de este proyecto sigue en espera, en curso o esperando tu decisión: cancélalo o deja que termine y luego quita el proyecto.} other {# intentos de este proyecto siguen en espera, en curso o esperando tu decisión: cancélalos o deja que terminen y luego quita el proyecto.}}} shot {{count, plural, one {Un intento de este plano sigue en espera, en curso o esperando tu decisión: cancélalo o deja que termine y luego quita el plano.} other {# intentos de este plano siguen en espera, en curso o esperando tu decisión: cancélalos o deja que terminen y luego quita el plano.}}} other {{count, plural, one {Este intento sigue en espera, en curso o esperando tu decisión: cancélalo o deja que termine y luego quítalo.} other {# intentos siguen en espera, en curso o esperando tu decisión: cancélalos o deja que terminen y luego quita el intento.}}}}',
  'core.rounds.notThisShot': 'Ese intento no es de este plano.',
  'core.rounds.takeNeedsClip': 'Solo un intento terminado con su clip puede ser la toma del plano.',
  'core.rounds.promptUnknown':
    'El intento {position} se añadió desde la lista de tareas del servicio, así que aquí no se conoce su prompt, y Clearframe no pagará por un sustituto. Escribe el prompt en el editor de intentos («Escribir prompt…» rellena el resto) y ponlo en cola.',
  'core.rounds.roundGone': 'Ese intento ya no existe.',
  'core.rounds.taskInShot': 'Esa tarea ya está en un plano.',
  'core.watermark.maskFileGone':
    'No se puede leer el archivo de máscara {file}; comprueba que sigue existiendo y vuelve a intentarlo.',
  'core.watermark.noMeasurement':
    '{name} se puso en cola para este ordenador sin una medición de la marca de agua: vuelve a buscar la marca de agua o envíala al servicio.',
  'core.jobs.roundUnknownOutcome':
    'La conexión falló mientras se enviaba este intento y el servicio no muestra ninguna tarea que sea claramente él, así que puede que se haya cobrado o no. Revisa tu cuenta y luego vuelve a enviarlo o cancélalo.',
  'core.jobs.roundUnknownOutcomeDamaged':
    'Su envío se cortó, así que puede que se haya cobrado o no, y sin su solicitud no se puede saber qué tarea del servicio es. Revisa tu cuenta y luego vuelve a escribir el intento («Escribir prompt…» en la app).',
  'core.jobs.imageUnknownOutcome':
    'Puede que el servicio recibiera esta imagen antes de que fallara la conexión, así que quizá ya haya gastado un crédito. Vuelve a enviarla solo si lo aceptas.',
  'core.jobs.roundReported': 'El servicio informó del intento como {status}.',
  'core.jobs.noVideo': 'El servicio terminó el intento pero no entregó ningún vídeo.',
  'core.clips.refused':
    '{reason, select, noVideo {{name} no tiene pista de vídeo.} noEncoder {Este ordenador no puede codificar {name} a su tamaño: no hay H.264 ni VP9.} soundContainer {El sonido de {name} no cabe en un archivo WebM, y este ordenador no puede escribir H.264 en MP4.} noMark {Ninguna marca permanece quieta durante todo {name}: una marca que se mueve, o cambia de sitio de una escena a otra, no se puede sacar de un clip.} markTooLarge {Lo que permanece quieto en {name} cubre demasiada imagen para ser un logo: ¿es un plano fijo o un borde?} markMoves {La marca de {name} está en un sitio en una escena y en otro en la siguiente: corta el clip en el cambio de escena y suelta cada parte por separado.} tooFewFrames {{name} es demasiado corto o demasiado quieto para encontrar su marca: hacen falta al menos 60 imágenes distintas.} pixelFormat {Las imágenes de {name} no están en 8 bits 4:2:0, el único formato de imagen que lee la limpieza.} other {No se pudo limpiar {name}.}}',
  'core.clips.lost':
    'El clip limpio de {name} se perdió antes de poder guardarse: vuelva a ejecutarlo.',
  'core.clips.failed':
    'La limpieza de {name} se detuvo en la ventana ({detail}). Inténtalo de nuevo: las partes ya limpias se conservan; si vuelve a detenerse, abre el clip en un reproductor para comprobar que se reproduce hasta el final.',
  'core.clips.segmentsDamaged':
    'El registro de las partes ya limpias de {name} estaba dañado, así que se vuelve a limpiar desde su primera imagen en lugar de guardarse roto.',
  'core.clips.stopped': 'Se detuvo la limpieza del clip; no se guardó nada con su nombre.',
  'core.jobs.imageReported': 'El servicio informó {status}.',
  'core.jobs.failedOnService': '{reason} «Enviar de nuevo» paga un nuevo intento.',
  'core.jobs.damagedRecord':
    'El registro de Clearframe de {what, select, image {esta imagen} other {este intento}} está dañado: {problem}. {advice}',
  'core.jobs.damagedImageAdvice':
    'Ya no se envía nada por ella: cancélala y vuelve a añadir la imagen.',
  'core.jobs.damagedRequestAdvice':
    'No se envía tal como está: vuelve a escribir el intento («Escribir prompt…» en la app).',
  'core.jobs.damagedClipsAdvice':
    'Sus clips, si generó alguno, siguen donde se guardaron; para continuar a partir de él, escribe un intento nuevo.',
  'core.jobs.storedNotJson': 'su campo {source} no es un JSON válido ({detail})',
  'core.jobs.storedWrongShape':
    'su campo {source} no contiene lo que Clearframe escribe ahí ({detail})',
  'core.jobs.storedUnexpected': 'valor inesperado',
  'core.jobs.databaseDamaged':
    'La base de datos de trabajos está dañada ({detail}). Clearframe puede apartarla y empezar con una cola vacía; tus imágenes y resultados en el disco no se tocan.',
  'core.jobs.ownResult': 'Es un resultado que escribió Clearframe (a partir de {source}).',
  'core.jobs.ownResultCopy':
    'Es una copia de un resultado que escribió Clearframe (a partir de {source}).',
  'core.jobs.alreadyCleaned':
    'Ya se limpió con la misma máscara (resultado: {result}), así que no se vuelve a enviar.',
  'core.jobs.cleanedBefore':
    'Ya se limpió ({when}) en {result}. Con la misma máscara no se vuelve a enviar, salvo que elijas «limpiar de nuevo».',
  'core.jobs.roundPollingStopped':
    'Se dejó de consultar. El servicio aún puede terminar este intento y cobrarlo.',
  'core.jobs.imagePollingStopped':
    'Se dejó de consultar. El servicio aún puede procesar esta imagen y gastar un crédito.',
  'core.fetch.plainHttp': 'no se descarga por http sin cifrar desde {host}, solo por https',
  'core.fetch.scheme': 'solo se descargan direcciones http y https, no {scheme}',
  'core.fetch.noLocation': 'el servidor respondió HTTP {status} sin decir adónde ir',
  'core.fetch.tooManyRedirects': 'el enlace redirigió más de {max} veces',
  'core.fetch.badRedirect': 'el enlace redirigió a una dirección no válida',
  'core.fetch.downgrade':
    'el enlace redirigió de https a http sin cifrar ({host}), y eso no se sigue',
  'core.fetch.redirectedElsewhere': 'el enlace redirigió a otro sitio: {problem}',
  'core.fetch.notPlainName': '«{name}» no es un nombre de archivo simple',
  'core.fetch.outside': '«{name}» se escribiría fuera de {folder}',
  'core.fetch.incomplete': 'la transferencia no se completó',
  'core.fetch.gone': 'el resultado ya no está en el servidor (HTTP {status})',
  'core.fetch.expired': 'el enlace del resultado caducó o fue rechazado (HTTP 403)',
  'core.fetch.serverAnswered': 'el servidor del resultado respondió HTTP {status}',
  'core.fetch.tooBig': 'el resultado ocupa {bytes} bytes, más de los {max} bytes permitidos',
  'core.fetch.grewTooBig': 'el resultado superó los {max} bytes permitidos',
  'core.import.referencesList':
    'las referencias deben ser una lista de direcciones, como ["image=https://…"]',
  'core.import.referenceType':
    'di qué es la referencia {number}: escribe image=, video= o audio= antes de su dirección',
  'core.import.referenceOneAddress':
    'la referencia {number} necesita una sola dirección; separa las referencias con |',
  'core.import.referenceLocalFile':
    'la referencia {number} es un archivo de este ordenador ({url}), y el servicio solo acepta referencias por dirección: súbelo a tu cuenta en el sitio del proveedor y escribe su dirección asset:// (añade «from {url}» detrás para que se compruebe aquí)',
  'core.import.referenceNotAddress':
    'la referencia {number}, {url}, no es una dirección (asset:// o https://) y tampoco existe ese archivo',
  'core.import.referenceNoFile':
    'la referencia {number} nombra el archivo {file}, que no existe: corrige el nombre o quita «from …»',
  'core.import.referenceFileProblem': 'archivo {file} de la referencia {number}: {problem}',
  'core.import.referenceProblem': 'referencia {number}: {problem}',
  'core.import.referenceUnreadable':
    'el archivo {file} de la referencia {number} no se pudo leer como {type, select, video {vídeo} other {sonido}}: nombra el archivo desde el que se subió o quita «from …»',
  'core.import.durationWhole':
    'la duración debe ser un número entero de segundos, como {example}; «{given}» no lo es',
  'core.import.notObject':
    'cada intento debe ser un objeto con un prompt, como \'{\'"prompt": "gaviotas sobre el puerto"\'}\'',
  'core.import.unknownField': 'Clearframe no lee el campo «{field}» ({columns})',
  'core.import.unknownKind': 'Clearframe no conoce el tipo «{kind}»; usa {kinds}',
  // ── end of Engine, jobs and clients.

  // ── Engine, media, files, keys and settings: keys of their sentences go below this line.
  'core.intake.notAnImage':
    'Este archivo no es una imagen, diga lo que diga su nombre. Añade un archivo JPEG, PNG, WebP, AVIF, HEIC, TIFF o GIF.',
  'core.intake.unsupported':
    'No se aceptan imágenes {type}. Conviértela a PNG o JPEG y vuelve a añadirla.',
  'core.intake.gone':
    'El archivo ya no está: puede que se haya movido, renombrado o eliminado. Vuelve a añadirlo desde donde esté ahora.',
  'core.intake.unreadable':
    'No se puede leer el archivo ({why}). Comprueba que Clearframe puede abrirlo y vuelve a añadirlo.',
  'core.intake.empty':
    'El archivo está vacío. Comprueba que terminó de copiarse y vuelve a añadirlo.',
  'core.intake.corrupt':
    'La imagen está dañada o incompleta y no se puede leer. Ábrela en otro programa para comprobarla y vuelve a añadirla.',
  'core.intake.noSize': 'La imagen no tiene tamaño. Puede que esté dañada; añade otra copia.',
  'core.intake.tooManyPixels':
    'La imagen tiene {megapixels} megapíxeles, más de los {limit} permitidos. Sube el límite en Ajustes o elige reducir las imágenes grandes.',
  'core.probe.unreadable':
    'No se puede leer el archivo. Comprueba que existe y que puedes abrirlo.',
  'core.probe.damaged': 'La imagen está dañada o incompleta y no se puede leer.',
  'core.probe.cutShort':
    'La imagen está dañada o incompleta: no se pueden leer todos sus píxeles. Ábrela en otro programa para comprobarla, o vuelve a copiarla.',
  'core.maskImport.unreadable':
    'El archivo de máscara no se puede leer como imagen. Expórtalo como PNG e inténtalo de nuevo.',
  'core.maskImport.otherShape':
    'La máscara mide {mask} pero la imagen {image}, otras proporciones. Exporta la máscara al tamaño de la imagen.',
  'core.maskImport.marksNothing':
    'La máscara no marca nada: pinta las zonas que quieres quitar en blanco (o en cualquier color) sobre negro.',
  'core.maskImport.mostlyMarked':
    'La máscara cubre el {percent} % de la imagen, así que se repintará casi toda. Comprueba que no está invertida.',
  'core.maskImport.allWhite':
    'La máscara es toda blanca: como máscara de blanco sobre negro marca toda la imagen, pero según la regla del servicio (el blanco no marca nada) no marca nada.',
  'core.maskImport.allMarked':
    'La máscara marca cada píxel: se repintaría toda la imagen, no solo la marca de agua.',
  'core.unblend.otherSize':
    '{file} mide {size} píxeles, pero la marca de agua se midió en imágenes de {measured}: envíala al servicio o vuelve a buscar la marca de agua con ella entre las imágenes.',
  'core.unblend.estimateMissing':
    'Falta la medición de la marca de agua ({file}): vuelve a buscar la marca de agua o envía estas imágenes al servicio.',
  'core.unblend.estimateDamaged':
    'La medición de la marca de agua ({file}) está dañada ({why}): vuelve a buscar la marca de agua o envía estas imágenes al servicio.',
  // Watermark profiles (issue #39).
  'core.profiles.noFile':
    'No existe el archivo {file}: revisa la ruta o indica el nombre de un perfil guardado.',
  'core.profiles.unreadable':
    '{file} no es un perfil de marca de agua que este Clearframe pueda leer (dañado, incompleto o creado por otro programa o versión): vuelve a exportarlo desde el Clearframe que lo creó, o vuelve a buscar la marca de agua y guarda un perfil nuevo.',
  'core.profiles.unknown':
    'No hay ningún perfil de marca de agua llamado «{name}» ni ningún archivo con ese nombre: guarda uno después de «Buscar la marca de agua» o indica la ruta de un perfil exportado.',
  'core.profiles.exists':
    'Ya existe un perfil llamado «{name}»: elige otro nombre o borra primero ese perfil.',
  'core.profiles.doesNotFit':
    'La marca del perfil «{name}», medida en imágenes de {measured}, no cabe en esta imagen de {size}: márcala a mano o busca la marca de agua en un lote de su mismo tamaño.',
  'ipc.problem.profileName':
    'Ponle al perfil un nombre de 1 a 80 caracteres, sin / \\ : * ? " < > |.',
  'cli.profile.usage':
    '  --profile name|file\n                      limpiar cada imagen en este ordenador, gratis, con un perfil de marca\n                      de agua guardado (su nombre) o exportado (su archivo); las imágenes en\n                      las que su marca no cabe se nombran y se dejan fuera',
  'cli.profile.conflict':
    '--profile trae su propia máscara y su motor: quita --auto-mask, --mask, --mask-rect y --engine service.',
  'cli.profile.using':
    'Perfil «{name}»: la marca medida en {count, plural, one {# imagen} other {# imágenes}} de {size}, limpiada en este ordenador, gratis.',
  'core.profiles.findAgain':
    'La medición de la marca de agua ya no se conserva: vuelve a buscar la marca de agua y luego guarda el perfil.',
  'cli.summary.watch': 'limpia cada imagen nueva de una carpeta con un perfil de marca de agua',
  'cli.watch.usage':
    'Uso: clearframe watch [CARPETA --profile=NOMBRE|ARCHIVO [--recursive] [--engine=local|service --credits-per-day=N]] [--list] [--pause CARPETA] [--forget CARPETA] [--json] [--demo] [--data-dir=CARPETA]\n  Añade CARPETA a las carpetas vigiladas (guardadas en la carpeta de datos) y las vigila todas hasta Ctrl+C: cada imagen nueva se limpia una vez con el perfil cuando ha terminado de llegar, y los resultados van donde dicen los ajustes de salida. Sin CARPETA, la lista se reanuda tal como está; las imágenes ya limpiadas no se limpian de nuevo.\n  --engine service las envía al servicio de pago con la marca del perfil como máscara, como mucho --credits-per-day créditos al día; pasado eso, la vigilancia se detiene con un aviso.',
  'cli.watch.noFolder': '{folder} no es una carpeta: indica la carpeta que quieres vigilar.',
  'cli.watch.noProfile':
    'indica el perfil de marca de agua con el que limpiar: --profile NOMBRE o --profile ARCHIVO.',
  'cli.watch.badEngine': '--engine admite local o service.',
  'cli.watch.needsLimit':
    'la vigilancia de pago necesita un límite diario: añade --credits-per-day N (los créditos que puede gastar como mucho en un día).',
  'cli.watch.oneFolder': 'indica una sola carpeta cada vez.',
  'cli.watch.notWatched':
    '{folder} no está vigilada; clearframe watch --list muestra las carpetas vigiladas.',
  'cli.watch.forgotten': '{folder} ya no está vigilada. Sus resultados se quedan donde están.',
  'cli.watch.paused':
    'La vigilancia de {folder} está en pausa. Ejecuta clearframe watch {folder} --profile NOMBRE para reanudarla.',
  'cli.watch.none':
    'No hay ninguna carpeta vigilada. Añade una con: clearframe watch CARPETA --profile NOMBRE',
  'cli.watch.line':
    '{folder}: perfil «{profile}»{recursive, select, yes {, con sus subcarpetas} other {}}, {engine, select, service {de pago, {spent} de {limit} créditos gastados hoy} other {en este ordenador, gratis}}{paused, select, yes { (en pausa)} other {}}',
  'cli.watch.appHolds':
    'La app Clearframe está usando la carpeta de datos {folder}. Ciérrala y vuelve a ejecutar clearframe watch.',
  'cli.watch.skipped': '{file} no se toma: {reason}',
  'cli.watch.watching':
    'Vigilando {folder}: cada imagen nueva se limpia con el perfil «{profile}» en este ordenador, gratis. Pulsa Ctrl+C para parar.',
  'cli.watch.watchingPaid':
    'Vigilando {folder}: cada imagen nueva se envía al servicio con el perfil «{profile}», como mucho {limit, plural, one {# crédito} other {# créditos}} al día. Pulsa Ctrl+C para parar.',
  'cli.watch.notStarted': '{folder} no se vigila esta vez: {problem}',
  'core.watch.listDamaged':
    'No se puede leer la lista de carpetas vigiladas ({file}). Borra ese archivo y vuelve a añadir las carpetas con clearframe watch.',
  'core.watch.limitReached':
    'La vigilancia de {folder} se ha detenido: el límite de hoy de {limit, plural, one {# crédito} other {# créditos}} está agotado y hoy no se envía nada más. {waiting, plural, one {# imagen espera} other {# imágenes esperan}}; sube el límite con --credits-per-day o vuelve a ejecutar clearframe watch mañana.',
  // Watched folders in the window (#39).
  'core.watch.limitReachedApp':
    'La vigilancia de {folder} se ha detenido por hoy: el límite de hoy de {limit, plural, one {# crédito} other {# créditos}} está agotado y hoy no se envía nada más. {waiting, plural, one {# imagen espera} other {# imágenes esperan}}: se toman mañana dentro del límite de ese día, o ahora si vuelves a añadir la carpeta con un límite mayor.',
  'core.watch.noFolder': '{folder} no es una carpeta: vuelve a elegir la carpeta que vigilar.',
  'core.watch.needsLimit':
    'La vigilancia de pago necesita un límite por día: indica cuántos créditos puede gastar como máximo en un día.',
  'core.watch.notWatched':
    '{folder} ya no se vigila (se olvidó mientras tanto): vuelve a añadirla para vigilarla.',
  'core.watch.notStarted': 'No se vigila ahora: {problem}',
  'core.watch.leftOut': '{name} no se toma: {reason}',
  'core.watch.notReserved':
    'No se pudieron comprometer los créditos de {count, plural, one {# imagen} other {# imágenes}} en {folder}, porque la lista de carpetas vigiladas cambió mientras tanto (otro proceso gastó del límite de hoy, o se cambió la vigilancia): no se envió nada por ellas y se vuelven a mirar en un momento.',
  'core.watch.stayedEmpty':
    'Ha seguido vacío (0 bytes) desde que apareció: vuelve a copiarlo o bórralo.',
  'watches.summary':
    'Carpetas vigiladas: {count, plural, =0 {ninguna} one {# carpeta} other {# carpetas}}',
  'watches.empty':
    'No se vigila ninguna carpeta. Añade una abajo: cada imagen nueva que termine de llegar a ella se limpia con un perfil, y su resultado va donde dicen los ajustes de salida.',
  'watches.needProfile':
    'Para vigilar una carpeta, guarda primero un perfil de marca de agua (Perfiles de marca de agua, arriba).',
  'watches.line':
    'perfil «{profile}»{recursive, select, yes {, con sus subcarpetas} other {}} · {engine, select, service {de pago: {spent} de {limit} créditos gastados hoy} other {en este ordenador, gratis}}',
  'watches.watching': 'Vigilando',
  'watches.paused': 'En pausa: las imágenes nuevas no se toman',
  'watches.notRunning': 'No se vigila ahora: mira la nota de abajo',
  'watches.pause': 'Pausar',
  'watches.resume': 'Reanudar',
  'watches.forget': 'Olvidar',
  'watches.recent': 'Últimos archivos tomados de {folder}',
  'watches.fileLine': '{name} — {status}',
  'watches.needsLook': 'Hay que revisarla: {why}',
  'watches.failedStatus': '{state}: {error}',
  'watches.addTitle': 'Vigilar una carpeta',
  'watches.folder': 'Carpeta que vigilar',
  'watches.noFolderYet': 'Aún no se ha elegido ninguna carpeta',
  'watches.chooseFolder': 'Elegir una carpeta…',
  'watches.profile': 'Limpiar con el perfil',
  'watches.recursive': 'Incluir sus subcarpetas',
  'watches.engine': 'Quién limpia',
  'watches.engineLocal': 'En este ordenador — gratis',
  'watches.engineService': 'El servicio — de pago, con un límite por día',
  'watches.limit': 'Créditos por día como máximo',
  'watches.cost':
    'Cada imagen cuesta {cost, plural, one {# crédito} other {# créditos}}. Indica cuántos créditos por día puede gastar como máximo: no se envía nada por encima.',
  'watches.costWithLimit':
    'Cada imagen cuesta {cost, plural, one {# crédito} other {# créditos}}: como máximo {limit, plural, one {# crédito} other {# créditos}} por día, es decir, {images, plural, one {# imagen} other {# imágenes}}; después, la vigilancia espera al día siguiente.',
  'watches.add': 'Vigilar esta carpeta',
  'main.dialog.profiles': 'Perfiles de marca de agua',
  'main.dialog.exportProfile': 'Exportar el perfil de marca de agua',
  'main.dialog.importProfile': 'Importar un perfil de marca de agua',
  'profiles.summary':
    'Perfiles de marca de agua: {count, plural, =0 {ninguno todavía} one {# guardado} other {# guardados}}',
  'profiles.saveLabel': 'Guardar la marca de agua medida como perfil',
  'profiles.namePlaceholder': 'Nombre, p. ej. Logo del estudio',
  'profiles.save': 'Guardar',
  'profiles.empty':
    'Todavía no hay perfiles. Cuando «Buscar la marca de agua» haya medido una marca para este ordenador, guárdala aquí: las imágenes posteriores con la misma marca se limpiarán gratis, sin lote.',
  'profiles.line':
    '{size} · medida en {count, plural, one {# imagen} other {# imágenes}} · {placement, select, topLeft {esquina superior izquierda} topRight {esquina superior derecha} bottomLeft {esquina inferior izquierda} bottomRight {esquina inferior derecha} other {solo este tamaño}}',
  'profiles.use': 'Usar en las imágenes preparadas',
  'profiles.export': 'Exportar…',
  'profiles.delete': 'Borrar',
  'profiles.import': 'Importar un perfil…',
  'profiles.used':
    '{count, plural, one {# imagen preparada recibe} other {# imágenes preparadas reciben}} el perfil «{name}»: Empezar {count, plural, one {la} other {las}} limpia en este ordenador, gratis.',
  'profiles.leftOut': '{name}: {reason}',
  'profiles.saved': 'Perfil «{name}» guardado.',
  'profiles.exported': 'Exportado a {path}.',
  'profiles.imported': 'Perfil «{name}» importado.',
  'core.film.notVideo':
    'El clip de {label} no se pudo leer como vídeo: vuelve a hacer esa toma o elige otra.',
  'core.film.clipGone':
    'El clip de {label} ya no está en {file}: devuélvelo a su sitio o elige otra toma.',
  'core.film.changed': 'El clip de {label} cambió mientras se unía: inténtalo de nuevo.',
  'core.film.nothing': 'No hay nada que unir: haz primero una toma de un plano.',
  'core.film.damagedSettings':
    'El clip de {clip} tiene ajustes H.264 dañados: vuelve a hacer esa toma o elige otra.',
  'core.film.unknownCodec': 'desconocido',
  'core.film.otherFormat':
    'Estas tomas no se pueden unir sin recodificar: el clip de {clip} es {theirs} y el de {first}, {ours}; haz las tomas con el mismo formato de vídeo o elige tomas que lo tengan.',
  'core.film.otherSize':
    'Estas tomas no se pueden unir sin recodificar: el clip de {clip} mide {theirs} y el de {first}, {ours}; haz las tomas con la misma resolución (la misma proporción y calidad) o elige tomas que la tengan.',
  'core.film.otherTurn':
    'Estas tomas no se pueden unir sin recodificar: el clip de {clip} está girado {theirs}° y el de {first}, {ours}°; elige tomas giradas igual.',
  'core.film.otherColour':
    'Estas tomas no se pueden unir sin recodificar: el clip de {clip} tiene {theirs} y el de {first}, {ours}; haz las tomas con los mismos ajustes de color o elige tomas que los tengan.',
  'core.film.colourRange':
    '{full, select, true {color de rango completo} other {color de rango limitado}}',
  'core.film.colourMatrix': 'la matriz de color {value}',
  'core.film.colourPrimaries': 'los primarios de color {value}',
  'core.film.colourTransfer': 'la curva de transferencia {value}',
  'core.film.otherRate':
    'Estas tomas no se pueden unir sin recodificar: el clip de {clip} va a {theirs} fotogramas por segundo y el de {first}, a {ours}; haz las tomas con la misma velocidad de fotogramas o elige tomas que la tengan.',
  'core.film.soundOnlyHere':
    'Estas tomas no se pueden unir sin recodificar: el clip de {clip} tiene sonido y el de {first} no; haz todas las tomas con sonido o todas sin él, o elige tomas así.',
  'core.film.soundOnlyThere':
    'Estas tomas no se pueden unir sin recodificar: el clip de {clip} no tiene sonido y el de {first} sí; haz todas las tomas con sonido o todas sin él, o elige tomas así.',
  'core.film.soundEncoding':
    'Estas tomas no se pueden unir sin recodificar: el sonido del clip de {clip} está codificado con otros ajustes que el de {first}; haz las tomas con los mismos ajustes de sonido o elige tomas que los tengan.',
  'core.film.otherSound':
    'Estas tomas no se pueden unir sin recodificar: el clip de {clip} tiene {theirs} y el de {first}, {ours}; haz las tomas con los mismos ajustes de sonido o elige tomas que los tengan.',
  'core.film.sound':
    'sonido {codec} a {rate} Hz en {channels, plural, one {# canal} other {# canales}}',
  'core.files.diskFull':
    'El disco que contiene {folder} está lleno: libera espacio allí o elige otra carpeta, y luego {again}.',
  'core.files.notWritable':
    'Clearframe no puede escribir en {folder}: elige otra carpeta y luego {again}.',
  'core.files.noFreeName': 'No se encontró un nombre libre para {what} en {folder}.',
  'core.keys.cannotSave': 'No se puede guardar la clave: {why}',
  'core.lock.holderApp': 'la app Clearframe (pid {pid}, desde las {since})',
  'core.lock.holderCommand': '«{command}» (pid {pid}, desde las {since})',
  'core.settings.newer':
    'los guardó un Clearframe más reciente (versión de ajustes {version}; este solo conoce la versión {known})',
  'core.settings.noMigration': 'este Clearframe no puede leer la versión {version} de los ajustes',
  'core.settings.setAside':
    'No se pudieron leer tus ajustes ({why}), así que se usan los predeterminados. El archivo antiguo se guardó como {aside}.',
  'core.settings.leftInPlace':
    'No se pudieron leer tus ajustes ({why}), así que se usan los predeterminados. El archivo se dejó tal cual, en {file}; no se podrán guardar ajustes hasta que se pueda leer o se elimine.',
  'core.settings.keptInPlace': '{file} no se pudo leer ({why}) ni apartar ({whyNotMoved})',
  'core.settings.cannotSave':
    'No se pueden guardar los ajustes: {why}. Haz que se pueda leer o muévelo a otro sitio y reinicia Clearframe.',
  'core.settings.folderNotWritable':
    'No se pueden guardar los ajustes en {folder} ({why}). Haz que esa carpeta admita escritura y vuelve a cambiar el ajuste.',
  'core.probe.empty': 'El archivo está vacío.',
  'core.film.otherEncoding':
    'Estas tomas no se pueden unir sin recodificar: el clip de {clip} se codificó con otros ajustes {theirs} que el de {first}; solo los clips H.264 hechos con ajustes distintos se pueden unir tal cual. Haz las tomas iguales o elige tomas que lo sean.',
  'core.keys.works':
    '{kind, select, watermark {El token de API de marca de agua} other {La clave de API de vídeo}} funciona: {quota} (de {host}).{saving, select, true { Se guardó en el llavero del sistema.} other {}}',
  'core.keys.refused':
    '{host} rechazó {kind, select, watermark {este token de API de marca de agua} other {esta clave de API de vídeo}}{answered, select, yes { (el servicio dijo: «{answer}»)} other {}}.{saving, select, true { No se guardó.} other {}} Vuelve a copiar la clave desde tu cuenta en el sitio del proveedor.',
  'core.keys.unchecked':
    'No se pudo comprobar {kind, select, watermark {el token de API de marca de agua} other {la clave de API de vídeo}}: {why}{saving, select, true { No se guardó.} other {}} Comprueba la conexión y la dirección del servicio en Ajustes y vuelve a intentarlo.',
  'core.keys.acceptedLowBalance':
    '{host} aceptó {kind, select, watermark {el token de API de marca de agua} other {la clave de API de vídeo}}, pero dice que el saldo es demasiado bajo: {why}.{saving, select, true { Se guardó en el llavero del sistema.} other {}}',
  'core.keys.acceptedBalanceUnread':
    '{host} aceptó {kind, select, watermark {el token de API de marca de agua} other {la clave de API de vídeo}}, pero no se pudo leer su saldo ({why}); la pantalla Cuenta volverá a preguntar.{saving, select, true { Se guardó en el llavero del sistema.} other {}}',
  'core.keys.unknownShape': 'su respuesta no tenía una forma que Clearframe conozca',
  'core.keys.answeredStatus': 'respondió HTTP {status}',
  'core.keys.balance': 'saldo de {amount}',
  'core.keys.creditsLeft': 'quedan {remaining} de {limit} créditos',
  'core.keys.noKeychain':
    'No respondió ningún llavero del sistema. Instala y desbloquea un Secret Service como GNOME Keyring (paquete gnome-keyring) y vuelve a iniciar sesión, o define CLEARFRAME_WATERMARK_KEY y CLEARFRAME_VIDEO_KEY.',
  'core.keys.keychainLocked':
    'No se pudo usar el llavero del sistema. Desbloquéalo y vuelve a intentarlo, o define CLEARFRAME_WATERMARK_KEY y CLEARFRAME_VIDEO_KEY.',
  'core.mask.marksNothing':
    'La máscara no marca nada (sus marcas están fuera de la imagen o se borraron), así que no se envió nada: marca la marca de agua o envía la imagen sin máscara.',
  'core.inputs.svg':
    'Es un SVG, un dibujo vectorial, y el servicio solo acepta imágenes de píxeles. Expórtalo como PNG y añade ese archivo.',
  'core.inputs.provenanceLog':
    'Es el registro que Clearframe lleva de los resultados de esta carpeta.',
  'core.inputs.unreadable': 'No se puede leer. Comprueba que puedes abrirlo.',
  'core.inputs.noExtension': 'No tiene extensión y su contenido no es una imagen.',
  'core.inputs.notImage': 'No es un archivo de imagen.',
  'core.inputs.special': 'Es un enlace o un archivo especial, no una imagen.',
  'core.inputs.missing': 'No existe (¿se movió o se eliminó?).',
  'core.inputs.neither': 'No es ni un archivo ni una carpeta.',
  'core.output.otherShape':
    'El servicio devolvió {result} píxeles para una imagen de {image}, otra forma, así que su resultado no se pudo superponer al original: se conserva entero, estirado al tamaño del original.',
  'core.automask.notLookedFor': 'No se pudo buscar la marca de agua',
  'core.files.diskFullWaiting':
    'El disco que contiene {folder} está lleno. Libera espacio allí: los trabajos en espera continúan solos cuando hay sitio, y no se envía ni se paga nada otra vez.',
  'core.files.dataFolderReadOnly':
    'Clearframe no puede escribir en su carpeta de datos {folder} ({why}). Haz que la carpeta admita escritura (revisa sus permisos o si su disco está montado como solo lectura) o apunta CLEARFRAME_DATA_DIR a una carpeta en la que puedas escribir, y vuelve a abrir Clearframe.',
  'core.files.what.film': 'la película',
  'core.files.what.take': 'la toma del plano {shot}',
  'core.files.what.csv': 'el CSV',
  'core.files.what.lastFrame': 'el último fotograma',
  'core.files.again.join': 'vuelve a unir las tomas',
  'core.files.again.export': 'vuelve a exportar',
  'core.files.again.exportSpending': 'vuelve a exportar el gasto',
  'core.files.again.extend': 'vuelve a continuar el intento',
  'core.finder.tooFew':
    'Muy pocas imágenes de este tamaño para encontrar la marca de agua (hacen falta al menos {count} que la compartan): márcala a mano.',
  'core.finder.refused':
    'estas imágenes no comparten ninguna marca (lo que destaca cubriría {share} de cada imagen); márcala a mano',
  'core.finder.faint':
    'La marca se ve débil o en parte tapada (puntuación {score}): hay que revisar su máscara antes de usarla.',
  'core.finder.damaged': 'El archivo está dañado o incompleto y no se pudo leer; se deja fuera.',
  // ── end of Engine, media, files, keys and settings.

  // ── Engine, app desks and notices: keys of their sentences go below this line.
  'core.app.otherProcessDone': 'El otro proceso ha terminado; la cola se ejecuta aquí ahora.',
  'core.app.waitingForHolder':
    '{holder} está trabajando en esta carpeta de datos. Los trabajos que añadas aquí esperan a que termine y luego empiezan solos.',
  'core.app.folderReadOnly':
    '{problem} Hasta entonces, esta sesión guarda su cola y sus registros en {folder}, que no se conserva.',
  'core.app.databaseSetAside':
    'La base de datos de trabajos estaba dañada, así que Clearframe ha empezado una cola nueva y vacía. La antigua se ha guardado como {aside}; tus imágenes y resultados en el disco no se han tocado. Los trabajos que había en ella tienen que añadirse de nuevo.',
  'core.app.noKeychain':
    '{problem} Hasta entonces no se pueden guardar claves aquí; las claves definidas en esas variables funcionan.',
  'core.app.projectGone': 'Ese proyecto ya no existe.',
  'core.video.noTakeFile':
    '{here, select, gone {El clip de esta toma ya no está en {file}: vuelve a ponerlo ahí o haz el intento de nuevo.} other {Esta toma aún no tiene clip en este ordenador: espera a que termine de descargarse.}}',
  'core.app.importProjectGone': 'Ese proyecto ya no existe; elige otro.',
  'core.app.importChanged':
    '{file} ya no da lo que viste (cambió el archivo o el nivel de precios): ahora da {count, plural, one {# intento} other {# intentos}} por {cost}. No se ha puesto nada en cola; revísalo antes de ponerlo en cola.',
  'core.app.shotNotAdded': 'No se ha podido añadir ese plano; inténtalo de nuevo.',
  'core.app.shotGone': 'Ese plano ya no existe.',
  'core.app.filmTakeGone': 'Una de las tomas ya no está en este proyecto: vuelve a elegir.',
  'core.app.filmTakeUnfinished':
    'El intento elegido del plano {position} no tiene ningún clip terminado: elige un intento que haya terminado.',
  'core.app.filmNoTakes':
    'Ningún plano tiene aún una toma terminada: monta la película cuando termine un intento de un plano.',
  'core.app.previewUnconfirmed':
    'Previsualizar con el servicio cuesta 1 crédito: confírmalo primero.',
  'core.app.previewFailed':
    'El servicio no ha podido limpiar la vista previa ({problem}). Prueba con otra imagen o inicia el lote en este ordenador.',
  'core.app.addressProblem':
    '{problem} Comprueba la dirección en un navegador y vuelve a intentarlo.',
  'core.app.thatAddress': 'Esa dirección',
  'core.app.addressTimeout': '{host} no ha respondido a tiempo.',
  'core.app.addressUnreachable':
    'No se ha podido conectar con {host}: el sitio no funciona, o la dirección o la conexión a Internet es incorrecta.',
  'core.app.addressHttp': '{host} ha tenido un problema propio (HTTP {status}).',
  'core.app.addressRefused': '{host} no ha dado la imagen: {reason}.',
  'core.app.addressRefusedHttp': '{host} no ha dado la imagen (HTTP {status}).',
  'core.app.addressUnreadable': 'No se ha podido leer la imagen de esa dirección ({reason}).',
  'core.app.addressUnusable': 'La dirección no da una imagen utilizable: {reason}',
  'core.app.assetNoPicture':
    'Sin vista previa: el servicio no devuelve ningún recurso subido para verlo. Para ver la imagen aquí, indica su dirección web o elige el archivo.',
  'core.app.pastedUnusable': 'La imagen pegada no se puede usar: {reason}',
  'core.app.imageGone': 'Esa imagen ya no está disponible; añádela de nuevo.',
  'core.app.fileUnreadable':
    'No se ha podido leer. Comprueba que existe y que tienes permiso para abrirlo.',
  'core.app.stagedGone':
    'Esta imagen ya no está en la lista de archivos revisados (puede que la app se haya reiniciado); añádela de nuevo.',
  'core.app.alreadyListed': 'Ya está en la lista.',
  'core.app.maskEmpty':
    'La máscara no marca nada: pinta sobre la marca de agua o elige «Sin máscara».',
  'core.app.fileMaskEmpty': '{file}: {problem}',
  'core.app.maskToolEmpty':
    'No quedaría nada marcado: deshaz, o elige una cantidad menor o una vista más amplia.',
  // ── end of Engine, app desks and notices.
};
