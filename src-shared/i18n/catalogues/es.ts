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
  'notices.dismiss': 'Cerrar este mensaje',
  'paid.confirm': 'Confirmar y enviar',
  'paid.back': 'Volver',
  'retry.what': 'Enviar {name} de nuevo',
  'retry.confirmLabel': 'Confirmar el nuevo envío de {name}',
  'retry.question': '¿Pagar {cost} de nuevo?',
  'retry.sendAgain': 'Enviar de nuevo (de pago) – {cost}',
  'retry.checkAgain': 'Consultar de nuevo',
  'retry.checkAgainHint':
    'Vuelve a preguntar al servicio con el número de tarea que dio; no cuesta nada.',
  'retry.retry': 'Reintentar – {cost}',

  'format.credits': '{count, plural, one {# crédito} other {# créditos}}',
  'format.secondsLeft': 'quedan unos {seconds} s',
  'format.minutesLeft': 'quedan unos {minutes} min',

  'demo.all':
    'Modo de demostración: los trabajos se ejecutan en el simulador integrado, y sus resultados son solo una aproximación a los del servicio. No se envía nada al servicio y no se cobra nada.',
  'demo.video':
    'Modo de demostración para vídeo: los intentos se ejecutan en el simulador integrado, cuyos clips son ejemplos ya hechos, no lo que haría el servicio. No se envía nada al servicio de vídeo y no se cobra nada. Las imágenes van al servicio.',
  'demo.images':
    'Modo de demostración para imágenes: el simulador integrado las limpia, y sus resultados son solo una aproximación a los del servicio. No se envía nada al servicio de marcas de agua y no se cobra nada. Los intentos de vídeo van al servicio.',
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
  'key.removed': 'Eliminada del llavero del sistema.',
  'key.setFromEnvironment': 'Definida (desde el entorno)',
  'key.setInKeychain': 'Definida (en el llavero del sistema)',
  'key.notSet': 'Sin definir',

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
  'mask.toolDone': '{done}: {percent} de la imagen marcado.',
  'mask.imported':
    'Importada: {percent} de la imagen marcado{scaled, select, true {, escalada a la imagen} other {}}{whiteOnBlack, select, true {, blanco leído como «quitar»} other {}}.',
  'mask.saved': 'Guardada en {path}.',
  'mask.canvas':
    '{name}: pinta sobre lo que hay que quitar. Mantén pulsada la O para ver el original.',
  'mask.status': '{width}×{height} · {count, plural, one {# trazo} other {# trazos}}',
  'mask.loading': 'Cargando la imagen…',
  'mask.shortcuts':
    'Rueda para el zoom, Alt+rueda o [ ] para el tamaño del pincel, espacio+arrastrar para desplazar, O para ver el original, Ctrl+Z para deshacer.',
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

  'arrange.keepIt': 'Conservar',
  'arrange.remove': 'Quitar',
  'arrange.body': '{leaves} {kept}',
  'arrange.keptNoClips': 'Lo gastado sigue contando en tus gastos.',
  'arrange.keptClips':
    '{clips, plural, one {El clip guardado sigue donde está} other {Los # clips guardados siguen donde están}}, y lo gastado sigue contando en tus gastos.',
  'arrange.project': 'Proyecto',
  'arrange.projectName': 'Nombre del proyecto',
  'arrange.saveName': 'Guardar el nombre',
  'arrange.cancel': 'Cancelar',
  'arrange.rename': 'Cambiar el nombre…',
  'arrange.earlier': 'Antes',
  'arrange.later': 'Después',
  'arrange.earlierOne': 'Antes: {name}',
  'arrange.laterOne': 'Después: {name}',
  'arrange.removeProject': 'Quitar el proyecto…',
  'arrange.removeProjectTitle': '¿Quitar {name}?',
  'arrange.projectLeaves':
    '{name}, con {shots, plural, one {# plano} other {# planos}} y {rounds, plural, one {# intento} other {# intentos}}, sale de la lista.',
  'arrange.shot': 'Plano {position}',
  'arrange.moveEarlier': 'Mover antes',
  'arrange.moveLater': 'Mover después',
  'arrange.moveEarlierShot': 'Mover antes: plano {position}',
  'arrange.moveLaterShot': 'Mover después: plano {position}',
  'arrange.removeShot': 'Quitar el plano…',
  'arrange.removeShotTitle': '¿Quitar el plano {position}?',
  'arrange.shotLeaves':
    'El plano {position}, con {rounds, plural, one {# intento} other {# intentos}}, sale de la lista.',
  'arrange.isTakeHint':
    'La película usa este intento para el plano. Pulsa para volver al intento más reciente.',
  'arrange.useTakeHint': 'Usar este intento para el plano en la película.',
  'arrange.isTake': 'Toma del plano',
  'arrange.useTake': 'Usar como toma',
  'arrange.up': 'Subir',
  'arrange.down': 'Bajar',
  'arrange.upRound': 'Subir: intento {position}',
  'arrange.downRound': 'Bajar: intento {position}',
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

  // ── Settings and Account: keys of these screens go below this line.
  // ── end of Settings and Account.

  // ── Video workspace: keys of the round editor and the project list go below this line.
  // ── end of Video workspace.

  // ── Images workspace: keys of the finder, previews and output go below this line.
  // ── end of Images workspace.

  // ── Command line and main process: keys of their messages go below this line.
  // ── end of Command line and main process.
};
