import type { Catalogue } from './en.ts';

/**
 * Portuguese as written in Brazil. Terms: marca d’água, máscara, projeto, plano (shot),
 * tentativa (round), tomada (take), clipe, crédito, serviço, chave; the user is addressed
 * as "você".
 */
export const ptBR: Catalogue = {
  'app.version': 'v{version} · {platform}',
  'app.screens': 'Telas',
  'app.screen.images': 'Imagens',
  'app.screen.video': 'Vídeo',
  'app.screen.account': 'Conta',
  'app.screen.settings': 'Configurações',

  'toast.dismiss': 'Fechar',
  'notices.unreadable': 'As mensagens da inicialização não puderam ser lidas: {why}',
  'notices.dismiss': 'Fechar esta mensagem',
  'paid.confirm': 'Confirmar e enviar',
  'paid.back': 'Voltar',
  'retry.what': 'Enviar {name} de novo',
  'retry.confirmLabel': 'Confirmar o novo envio de {name}',
  'retry.question': 'Pagar {cost} de novo?',
  'retry.firstQuestion': 'Enviar ao serviço por {cost}?',
  'retry.sendAgain': 'Enviar de novo (pago) – {cost}',
  'retry.checkAgain': 'Consultar de novo',
  'retry.checkAgainHint':
    'Pergunta de novo ao serviço pelo número da tarefa que ele deu; não custa nada.',
  'retry.retry': 'Tentar de novo – {cost}',

  'format.credits': '{count, plural, one {# crédito} other {# créditos}}',
  'format.secondsLeft': 'faltam cerca de {seconds} s',
  'format.minutesLeft': 'faltam cerca de {minutes} min',

  'demo.all':
    'Modo demo: os trabalhos rodam no simulador integrado, e os resultados dele são só uma aproximação dos do serviço. Nada é enviado ao serviço e nada é cobrado.',
  'demo.video':
    'Modo demo para vídeo: as tentativas rodam no simulador integrado, cujos clipes são exemplos prontos, não o que o serviço faria. Nada é enviado ao serviço de vídeo e nada é cobrado. As imagens vão para o serviço.',
  'demo.images':
    'Modo demo para imagens: o simulador integrado as limpa, e os resultados dele são só uma aproximação dos do serviço. Nada é enviado ao serviço de marcas d’água e nada é cobrado. As tentativas de vídeo vão para o serviço.',
  'demo.short.all': 'Modo demo: nada é enviado nem cobrado.',
  'demo.short.video':
    'Vídeo em modo demo: nada é enviado nem cobrado. As imagens vão para o serviço.',
  'demo.short.images': 'Imagens em modo demo, grátis. As tentativas de vídeo vão para o serviço.',
  'demo.howTo': 'Como uso minha própria conta?',
  'demo.step.signIn':
    'Entre no site do provedor. O token da API de marcas d’água é criado na área da conta, em “API tokens”; a chave da API de vídeo, em “API keys” (as chamadas de vídeo usam um saldo separado em USD).',
  'demo.step.openSite': 'Abrir o site do provedor',
  'demo.step.paste':
    'Cole-os em <settings>Configurações</settings>. Cada chave é testada com o serviço antes de ser guardada.',
  'demo.step.keychain':
    'As chaves ficam no chaveiro do sistema e nunca saem deste computador, a não ser para o serviço a que pertencem.',

  'language.label': 'Idioma',
  'language.system': 'O mesmo do sistema ({language})',
  'language.hint': 'A janela muda na hora.',

  'key.name.watermark': 'Token da API de marcas d’água',
  'key.name.video': 'Chave da API de vídeo',
  'key.form': 'Configurações de {name}',
  'key.save': 'Salvar e testar',
  'key.clear': 'Apagar',
  'key.removed':
    '{kind, select, watermark {Token removido} other {Chave removida}} do chaveiro do sistema.',
  'key.setFromEnvironment':
    '{kind, select, watermark {Token definido} other {Chave definida}} (pelo ambiente)',
  'key.setInKeychain':
    '{kind, select, watermark {Token definido} other {Chave definida}} (no chaveiro do sistema)',
  'key.notSet': '{kind, select, watermark {Nenhum token definido} other {Nenhuma chave definida}}',

  'state.queued': 'Aguardando',
  'state.preparing': 'Preparando',
  'state.submitting': 'Enviando',
  'state.submitted': 'Enviado',
  'state.processing': 'Sendo limpo',
  'state.downloading': 'Salvando o resultado',
  'state.done': 'Pronto',
  'state.failed': 'Falhou',
  'state.canceled': 'Cancelado',
  'state.needs-attention': 'Precisa da sua decisão',
  'state.round.processing': 'Sendo feito',
  'state.round.downloading': 'Salvando o clipe',

  'drop.label': 'Solte imagens ou pastas aqui',
  'drop.more': 'Adicionar mais: solte imagens ou pastas aqui',
  'drop.first': 'Solte imagens ou pastas aqui para remover marcas d’água',
  'drop.choose': 'Escolher imagens…',
  'drop.chooseFolder': 'Escolher pasta…',
  'clips.title': 'Vídeos',
  'clips.hint':
    'Os clipes (MP4, MOV, WebM) são limpos neste computador, nesta janela, de graça: um logotipo parado é encontrado no clipe inteiro e tirado de cada imagem.',
  'clips.paused':
    'Pausado: as partes já limpas são mantidas, e o clipe continua a partir delas quando você retoma.',
  'clips.run': '{count, plural, one {Limpar # clipe} other {Limpar # clipes}}',
  'clips.pause': 'Pausar',
  'clips.resume': 'Retomar',
  'clips.cancel': 'Cancelar',
  'clips.retry': 'Tentar de novo (grátis)',
  'clips.progress': '{done} de {total} imagens, {fps} imagens por segundo, faltam cerca de {left}',
  'clips.state':
    '{state, select, queued {Na fila} preparing {Limpando as imagens} downloading {Salvando} done {Limpo} failed {Não limpo} canceled {Cancelado} other {Aguarda você}}',
  'clips.result': 'Clipe limpo {name}',
  'clips.unstage': 'Tirar da lista',
  'clips.cleanThis': 'Limpar {name}',
  'clips.finding': 'Procurando a marca no clipe inteiro…',
  'clips.proposalFailed':
    'Não foi possível procurar a marca de {name} ({reason}): solte o clipe de novo; se falhar outra vez, o arquivo pode estar danificado.',
  'clips.leftOut': '{name} fica de fora: não será limpo. Marque-o para limpá-lo mesmo assim.',
  'clips.frameAlt': 'A imagem do meio de {name}, com a máscara em vermelho por cima',
  'clips.share':
    'A máscara cobre {share} da imagem. {unblended} dela deixa ver a imagem e é separada da marca; o resto é opaco e é preenchido com o que está em volta.',
  'clips.grow': 'Aumentar {pixels} px',
  'clips.shrink': 'Diminuir {pixels} px',
  'clips.preview': 'Ver antes e depois',
  'clips.previewCost':
    'Grátis: a prévia é feita neste computador só com estas imagens, e nada é salvo.',
  'clips.previewing': 'Preparando a prévia…',
  'clips.previewSide': '{side, select, before {{name} antes} other {{name} depois}}',
  'clips.previewSideShort': '{side, select, before {Antes} other {Depois}}',
  'staging.count': 'Analisando os arquivos: {staged} prontos, {skipped} não aceitos até agora',
  'staging.stop': 'Parar de procurar',

  'jobs.title': 'Resultados',
  'jobs.summary': '{done} de {total} prontos',
  'jobs.attention': '{count, plural, one {# precisa de atenção} other {# precisam de atenção}}',
  'jobs.history':
    'todos os lotes, do mais novo ao mais antigo: {count, plural, one {# imagem} other {# imagens}}',
  'jobs.historyMore': 'todos os lotes, do mais novo ao mais antigo: {count}+ imagens',
  'jobs.queue': 'Fila',
  'jobs.resume': 'Retomar',
  'jobs.pause': 'Pausar',
  'jobs.waiting': 'Aguardando: {reason}',
  'jobs.paused': 'Pausado: nada novo é enviado até você retomar.',
  'jobs.retryFailed': 'Tentar de novo todos os que falharam',
  'jobs.clearFinished': 'Tirar os concluídos',
  'jobs.clearFinishedHint':
    'Tira as imagens concluídas desta lista; os resultados continuam onde foram salvos.',
  'jobs.latestOnly': 'Mostrar só o último lote',
  'jobs.allEarlier': 'Mostrar todos os resultados anteriores',
  'jobs.filter': 'Filtro',
  'jobs.filter.all': 'Todos',
  'jobs.filter.running': 'Em andamento',
  'jobs.filter.failed': 'Com falha',
  'jobs.filter.done': 'Prontos',
  'jobs.retrySelected': 'Tentar de novo os selecionados',
  'jobs.cancelSelected': 'Cancelar os selecionados',
  'jobs.skip': 'Pular os resultados',
  'jobs.list': 'Trabalhos',
  'jobs.select': 'Selecionar {name}',
  'jobs.progress': 'Progresso de {name}',
  'jobs.cancel': 'Cancelar',
  'jobs.cancelOne': 'Cancelar {name}',
  'jobs.open': 'Abrir',
  'jobs.openOne': 'Abrir {name}',
  'jobs.showInFolder': 'Mostrar<hidden> {name}</hidden> na pasta',
  'jobs.detail': '{name}: {error}',
  'jobs.local': 'Neste computador, grátis',
  'jobs.free': 'grátis',
  'jobs.doubt.unchanged': 'Sem mudança',
  'jobs.doubt.markVisible': 'Marca ainda visível',
  'jobs.doubt.keep': 'Manter',
  'jobs.doubt.keepOne': 'Manter: {name}',
  'jobs.doubt.send': 'Enviar ao serviço – {cost}',
  'jobs.doubt.sendWhat': 'Enviar {name} ao serviço',
  'jobs.doubt.byHand': 'Marcar à mão',
  'jobs.doubt.byHandOne': 'Marcar à mão: {name}',
  'jobs.filter.doubt': 'A conferir',
  'jobs.doubtCount': '{count, plural, one {# a conferir} other {# a conferir}}',
  'core.jobs.doubtUnchanged':
    'O serviço devolveu a imagem sem mudança onde devia limpá-la. Mantenha-a como está, envie de novo (1 crédito) ou marque a marca d’água à mão.',
  'core.jobs.doubtMarkVisible':
    'A marca d’água ainda se lê no resultado. Mantenha-o como está, envie a imagem ao serviço (1 crédito) ou marque a marca d’água à mão.',
  'cli.remove.doubted':
    '{count, plural, one {# resultado não conta como concluído: está em dúvida (listado acima). Mantenha-o como está com --keep-doubted (grátis), envie-o ao serviço com --send-doubted ({credits} cada, com sua máscara) ou marque a marca d’água à mão: --mask ou --mask-rect com --force, ou na janela.} other {# resultados não contam como concluídos: estão em dúvida (listados acima). Mantenha-os como estão com --keep-doubted (grátis), envie-os ao serviço com --send-doubted ({credits} cada, com suas máscaras) ou marque a marca d’água à mão: --mask ou --mask-rect com --force, ou na janela.}}',
  'cli.remove.doubted.usage':
    '  --keep-doubted      manter como estão os resultados em dúvida (marca ainda visível, inalterados): grátis\n  --send-doubted      enviar os resultados em dúvida ao serviço com suas máscaras, {credits} cada',
  'cli.remove.sendingDoubted':
    '--send-doubted: {count, plural, one {enviando # resultado em dúvida} other {enviando # resultados em dúvida}} ao serviço com as máscaras que tinham, {credits} no total.',

  'compare.previous': 'Resultado anterior (P)',
  'compare.next': 'Próximo resultado (N)',
  'compare.close': 'Fechar',
  'compare.slider': 'Controle deslizante',
  'compare.sideBySide': 'Lado a lado',
  'compare.zoom': 'Zoom',
  'compare.fit': 'Ajustar ({percent})',
  'compare.picture': '{name}, {what}',
  'compare.original': 'original',
  'compare.split': 'Divisão',
  'compare.splitValue': '{percent} do original',

  'mask.editor': 'Máscara de {name}',
  'mask.tools': 'Ferramentas de máscara',
  'mask.tool.brush': 'Pincel (B)',
  'mask.tool.eraser': 'Borracha (E)',
  'mask.tool.rect': 'Retângulo (R)',
  'mask.tool.lasso': 'Laço (L)',
  'mask.size': 'Tamanho',
  'mask.pixels': '{size} px',
  'mask.opacity': 'Opacidade da máscara',
  'mask.undo': 'Desfazer',
  'mask.redo': 'Refazer',
  'mask.clear': 'Limpar',
  'mask.fit': 'Ajustar',
  'mask.import': 'Importar máscara…',
  'mask.export': 'Exportar máscara…',
  'mask.wholeTools': 'Ferramentas da máscara inteira',
  'mask.whole': 'Máscara inteira:',
  'mask.by': 'em',
  'mask.px': 'px',
  'mask.byLabel': 'Pixels para aumentar ou diminuir',
  'mask.grow': 'Aumentar',
  'mask.shrink': 'Diminuir',
  'mask.invert': 'Inverter',
  'mask.grown': 'Aumentada em {pixels} px',
  'mask.shrunk': 'Diminuída em {pixels} px',
  'mask.inverted': 'Invertida',
  'mask.keepInView': 'Manter só o que está à vista',
  'mask.keepInViewHint':
    'Primeiro aproxime e mova a vista até a marca d’água: tudo o que estiver marcado fora da vista é apagado.',
  'mask.keptInView': 'Mantido o que está à vista',
  'mask.toolDone': '{done}: {percent} da imagem marcados.',
  'mask.imported':
    'Importada: {percent} da imagem marcados{scaled, select, true {, redimensionada para a imagem} other {}}{whiteOnBlack, select, true {, branco lido como “remover”} other {}}.',
  'mask.wholeUse': 'Repintar a imagem inteira',
  'mask.wholeNothing': 'Não importar nada',
  'mask.wholeNotImported':
    'Nenhuma máscara foi importada: pinte sobre a marca d’água ou importe uma máscara que marque só ela.',
  'mask.saved': 'Salva em {path}.',
  'mask.canvas':
    '{name}: pinte sobre o que deve ser removido. As setas movem o cursor; segure Enter para pintar. Segure O para ver o original.',
  'mask.status': '{width}×{height} · {count, plural, one {# traço} other {# traços}}',
  'mask.loading': 'Carregando a imagem…',
  'mask.shortcuts':
    'Roda para o zoom na direção do ponteiro, Alt+roda ou [ ] para o tamanho do pincel, espaço+arrastar para mover, O para ver o original, Ctrl+Z para desfazer. Na imagem (chegue com Tab): as setas movem o cursor e a vista (Shift: mais longe), segure Enter para pintar, 1 para {full}, F para ajustar.',
  'mask.scaledFrom':
    'Esta máscara foi desenhada numa imagem de {size} e redimensionada para esta. Confira se ela ainda cobre a marca d’água.',
  'mask.leave': 'Descartar esta máscara?',
  'mask.leaveQuestion': 'Descartar o que você pintou em {name}?',
  'mask.throwAway': 'Descartar',
  'mask.keepPainting': 'Continuar pintando',
  'mask.use': 'Usar esta máscara',
  'mask.applySameSize': 'Aplicar às {count} imagens deste tamanho',
  'mask.applyAll': 'Aplicar às {count} imagens',
  'mask.applyAllHint':
    'Imagens de outros tamanhos recebem a máscara redimensionada, cada marca o mais perto possível do seu canto.',
  'mask.applySelected': 'Aplicar às selecionadas ({count})',
  'mask.none': 'Sem máscara',
  'mask.cancel': 'Cancelar',
  // The mask editor's keyboard, zoom, file name, and the question before an apply replaces masks.
  'mask.zoomLevel': 'Zoom {percent}',
  'mask.replaceQuestion':
    '{count, plural, one {Substituir # máscara?} other {Substituir # máscaras?}}',
  'mask.replaceWhich':
    '{found, plural, =0 {Nenhuma foi encontrada por “Encontrar a marca d’água”} one {# foi encontrada por “Encontrar a marca d’água”} other {# foram encontradas por “Encontrar a marca d’água”}}, {painted, plural, =0 {nenhuma pintada à mão} one {# pintada à mão} other {# pintadas à mão}}. “Desfazer” as traz de volta.',
  'mask.replace': '{count, plural, one {Substituir # máscara} other {Substituir # máscaras}}',
  'mask.replaceBack': 'Voltar',
  'images.undoApply': 'Desfazer',
  'images.applyUndone': 'Desfeito: as máscaras estão como antes.',

  'arrange.keepIt': 'Manter',
  'arrange.remove': 'Remover',
  'arrange.body': '{leaves} {kept}',
  'arrange.keptNoClips': 'O que foi gasto continua nos seus gastos.',
  'arrange.keptClips':
    '{clips, plural, one {O clipe salvo continua onde está} other {Os # clipes salvos continuam onde estão}}, e o que foi gasto continua nos seus gastos.',
  'arrange.projectName': 'Nome do projeto',
  'arrange.saveName': 'Salvar o nome',
  'arrange.cancel': 'Cancelar',
  'arrange.rename': 'Renomear…',
  'arrange.earlier': 'Mover o projeto para antes',
  'arrange.later': 'Mover o projeto para depois',
  'arrange.removeProject': 'Remover o projeto…',
  'arrange.removeProjectTitle': 'Remover {name}?',
  'arrange.projectLeaves':
    '{name}, com {shots, plural, one {# plano} other {# planos}} e {rounds, plural, one {# tentativa} other {# tentativas}}, sai da lista.',
  'arrange.shot': 'Plano {position}',
  'arrange.moveEarlier': 'Mover o plano para antes',
  'arrange.moveLater': 'Mover o plano para depois',
  'arrange.moveEarlierShot': 'Mover o plano para antes: plano {position}',
  'arrange.moveLaterShot': 'Mover o plano para depois: plano {position}',
  'arrange.removeShot': 'Remover o plano…',
  'arrange.removeShotTitle': 'Remover o plano {position}?',
  'arrange.shotLeaves':
    'O plano {position}, com {rounds, plural, one {# tentativa} other {# tentativas}}, sai da lista.',
  'arrange.isTake': 'Tomada do plano',
  'arrange.useTake': 'Usar como tomada',
  'arrange.removeRound': 'Remover…',
  'arrange.removeRoundTitle': 'Remover a tentativa {round} do plano {shot}?',
  'arrange.roundLeaves': 'A tentativa {position} sai da lista.',

  'scrub.legend': 'Momentos a editar',
  'scrub.play': 'Reproduzir um clipe deste projeto',
  'scrub.choose': 'Escolher…',
  'scrub.none':
    'Os clipes prontos deste projeto podem ser reproduzidos aqui para escolher os momentos.',
  'scrub.insertNow': 'Inserir o momento atual',
  'scrub.startHere': 'Começar aqui',
  'scrub.endHere': 'Terminar aqui',
  'scrub.from': 'de (s)',
  'scrub.to': 'até (s)',
  'scrub.insertRange': 'Inserir intervalo',
  'scrub.endAfterStart': 'O fim precisa vir depois do início.',

  'history.title': 'Tarefas no serviço',
  'history.empty': 'O serviço não lista tarefas dos últimos dias.',
  'history.promptUnknown': 'prompt desconhecido aqui (iniciado em outro lugar)',
  'history.place': 'em {project}, plano {shot}, tentativa {round}',
  'history.inAShot': 'em um plano',
  'history.task': 'tarefa {id}',
  'history.taskAt': '{date} · tarefa {id}',
  'history.add': 'Adicionar a {shot}',
  'history.phase.in-progress': 'em andamento',
  'history.phase.succeeded': 'concluída',
  'history.phase.failed': 'com falha',

  'film.title': 'Um filme de {name}',
  'film.about':
    'A tomada que cada plano dá ao filme, em ordem. Elas são unidas como estão, sem recodificar, então o filme fica exatamente igual aos seus clipes.',
  'film.noTake': 'Plano {shot}: ainda sem tomada pronta, fica de fora',
  'film.take': 'Plano {shot}: tentativa {round}',
  'film.takeWithPrompt': 'Plano {shot}: tentativa {round}, {prompt}',
  'film.joining': 'Unindo…',
  'film.join': 'Escolher uma pasta e unir',
  'film.close': 'Fechar',
  'film.nothing': 'Nenhum plano tem uma tomada pronta ainda.',
  'film.saved': 'Salvo como {path}',
  'film.player': 'O filme unido',
  'film.playing': 'O filme: {name}',
  'film.backToShot': 'Voltar ao plano {position}',

  // ── Settings and Account: keys of these screens go below this line.
  'settings.title': 'Configurações',
  'settings.keys': 'Chaves de API',
  'settings.keysHint':
    'As chaves ficam no chaveiro do sistema e só são enviadas ao serviço a que pertencem.',
  'settings.service': 'Serviço',
  'settings.demoMode':
    'Modo demo (usar o simulador integrado enquanto nenhuma chave estiver definida)',
  'settings.watermarkBaseUrl': 'Endereço do serviço de marcas d’água',
  'settings.videoBaseUrl': 'Endereço do serviço de vídeo',
  'settings.resetAddresses': 'Restaurar os endereços do provedor',
  'settings.pricingTier': 'Plano de preços',
  'settings.budgetCapUsd': 'Limite de gastos com vídeo em USD (vazio: sem limite)',
  'settings.budgetCapPeriod': 'O limite conta',
  'settings.concurrency.watermark': 'Imagens ao mesmo tempo',
  'settings.concurrency.video': 'Tentativas de vídeo ao mesmo tempo',
  'settings.output': 'Saída',
  'settings.outputFolder': 'Pasta de saída (vazio: uma pasta “clearframe” ao lado de cada imagem)',
  'settings.chooseFolder': 'Escolher pasta…',
  'settings.filenameTemplate': 'Nome do arquivo',
  'settings.filenameExample':
    '{photo} vira {example}. Entre chaves, {name}, {ext}, {date} e {n} representam o nome da imagem, a extensão, o dia e a posição no lote.',
  'settings.conflictPolicy': 'Quando o nome já existe',
  'settings.metadataPolicy': 'Metadados (EXIF, perfil de cor)',
  'settings.outputFormat': 'Formato dos resultados',
  'settings.folderLayout': 'Subpastas de uma pasta arrastada, na pasta de saída',
  'settings.app': 'Aplicativo',
  'settings.theme': 'Tema',
  'settings.checkForUpdates': 'Procurar atualizações',
  'settings.save': 'Salvar configurações',
  'settings.saved': 'Salvo.',
  'settings.refused': 'Nada foi salvo: corrija os campos marcados acima.',
  'settings.diagnostics': 'Diagnóstico',
  'settings.openLogs': 'Abrir a pasta de logs',
  'settings.copyDiagnostics': 'Copiar o diagnóstico',
  'settings.diagnosticsCopied': 'Diagnóstico copiado. Ele não contém nenhuma chave.',
  'settings.checkNow': 'Procurar atualizações agora',
  'settings.value.budgetCapPeriod.all-time': 'Tudo o que já foi gasto',
  'settings.value.budgetCapPeriod.month': 'Cada mês do calendário (fuso horário deste computador)',
  'settings.value.conflictPolicy.suffix': 'Acrescentar um número',
  'settings.value.conflictPolicy.skip': 'Pular a imagem',
  'settings.value.conflictPolicy.overwrite': 'Substituir o resultado antigo',
  'settings.value.folderLayout.mirror': 'Mantê-las na pasta de saída',
  'settings.value.folderLayout.flatten': 'Colocar todos os resultados direto na pasta de saída',
  'settings.value.metadataPolicy.keep': 'Manter',
  'settings.value.metadataPolicy.strip': 'Remover',
  'settings.value.outputFormat.same': 'Igual à imagem (JPEG para HEIC)',
  'settings.value.outputFormat.pngFormat': 'PNG',
  'settings.value.outputFormat.jpegFormat': 'JPEG',
  'settings.value.outputFormat.webpFormat': 'WebP',
  'settings.value.pricingTier': '{tier} ({price} por segundo)',
  'settings.value.theme.system': 'Igual ao sistema',
  'settings.value.theme.light': 'Claro',
  'settings.value.theme.dark': 'Escuro',
  'account.title': 'Conta',
  'account.credits': 'Créditos de marca d’água',
  'account.balance': 'Saldo de vídeo',
  'account.creditsLeft':
    'Restam {remaining} de {limit, plural, one {# crédito} other {# créditos}}',
  'account.from': 'segundo {host}',
  'account.price': 'Preço do vídeo',
  'account.pricePerSecond': '{price} por segundo (plano {tier})',
  'account.spending': 'Gastos com vídeo',
  'account.spent':
    '{spent} gastos e {inFlight} em tentativas enviadas {cap, select, none {(sem limite de gastos)} monthly {do seu limite de gastos mensal de {capAmount}} other {do seu limite de gastos de {capAmount}}}',
  'account.spentInMonth':
    'Em {month}: {spent} gastos e {inFlight} em tentativas enviadas {cap, select, none {(sem limite de gastos)} monthly {do seu limite de gastos mensal de {capAmount}} other {do seu limite de gastos de {capAmount}}}',
  'account.spendingHint':
    'cada tentativa que o serviço pode ter cobrado, do jeito que o limite a conta',
  'account.queue': 'Se a fila inteira rodar',
  'account.queueCost': '{credits} e {money}',
  'account.refresh': 'Atualizar',
  'account.history': 'Histórico de gastos',
  'spending.length': '{seconds} s × {price}',
  'spending.place':
    '{retried, select, true {plano {shot}, tentativa {round} (envio {attempt})} other {plano {shot}, tentativa {round}}}',
  'spending.removed': 'removido da lista',
  'spending.promptUnknown': 'prompt desconhecido (adicionado a partir do serviço)',
  'spending.lengthHint': 'A duração informada pelo serviço, ao preço por segundo cobrado.',
  'spending.lengthUnknownHint':
    'O serviço ainda não informou a duração do clipe, então vale a estimativa.',
  'spending.status.charged': 'cobrado',
  'spending.status.estimated': 'estimativa: o serviço não informou',
  'spending.status.in-flight': 'enviado, não terminado: estimativa',
  'spending.status.demo': 'demo: custaria, não cobrado',
  'spending.sum': '{spent} gastos, {inFlight} em tentativas enviadas e não terminadas',
  'spending.sumWithDemo':
    '{spent} gastos, {inFlight} em tentativas enviadas e não terminadas; as tentativas de demo teriam custado {demo}',
  'spending.saved':
    '{count, plural, one {# cobrança salva} other {# cobranças salvas}} como {path}',
  'spending.savedWithDemo':
    '{count, plural, one {# cobrança salva} other {# cobranças salvas}} e {demo, plural, one {# tentativa de demo} other {# tentativas de demo}}, que ninguém cobrou, como {path}',
  'spending.allMonths': 'Todos os meses',
  'spending.monthChoice': '{month} · {amount}',
  'spending.month': 'Mês',
  'spending.export': 'Exportar CSV…',
  'spending.close': 'Fechar',
  'spending.totals': 'No total: {sum}.',
  'spending.totalsInMonth': '{month}: {sum}.',
  'spending.about':
    'Cada tentativa que o serviço pode ter cobrado: a cobrança (os segundos informados pelo serviço × o preço por segundo) ou, até o serviço informar, a estimativa. Os meses são os meses do calendário deste computador. Tentativas de demo mostram quanto custariam e não contam.',
  'spending.project': '<b>{project}</b>{removed, select, true { (removido)} other {}}: {sum}',
  'spending.nothing': 'Nada foi enviado ao serviço.',
  'spending.nothingInMonth': 'Nada foi enviado ao serviço em {month}.',
  'spending.head.sent': 'Enviado',
  'spending.head.round': 'Tentativa',
  'spending.head.length': 'Duração',
  'spending.head.cost': 'Custo',
  'spending.more': 'Mostrar mais',
  // ── end of Settings and Account.

  // ── Video workspace: keys of the round editor and the project list go below this line.
  'project.emptyTitle': 'Faça um vídeo, plano a plano',
  'project.emptyAbout':
    'Um projeto é um vídeo. Ele é feito de planos em ordem, e cada plano é feito em tentativas: você descreve o plano, vê quanto custa, envia e continua tentando até que uma tentativa saia certa.',
  'project.emptyStart': 'Dê um nome ao seu primeiro projeto para começar.',
  'project.createForm': 'Criar um projeto',
  'project.newProject': 'Novo projeto',
  'project.namePlaceholder': 'Ex.: Porto à noite',
  'project.create': 'Criar',
  'project.project': 'Projeto',
  'project.shots': 'Planos',
  'project.shotButton': 'Plano {position} ({rounds})',
  'project.addShot': 'Adicionar plano',
  'project.exportTakes': 'Exportar tomadas…',
  'project.joinFilm': 'Juntar as tomadas em um filme…',
  'project.spending': 'Gastos…',
  'project.importRounds': 'Importar tentativas…',
  'project.spendingTitle': 'Quanto custou {name}',
  'project.roundsTitle': '{project} · plano {position}',
  'project.shotName': 'plano {position}',
  'project.clipName': 'Plano {shot}, tentativa {round}',
  'project.player': 'Reprodutor',
  'project.lastFrame': 'Último quadro',
  'project.noTake': 'ainda sem tomada',
  'project.exported':
    '{count, plural, one {# tomada copiada para {folder}.} other {# tomadas copiadas para {folder}, uma por plano, em ordem.}}',
  'project.exportedLeftOut': '{copied} Ficaram de fora, ainda sem tentativa concluída: {shots}.',
  // The Video studio: picture first, storyboard, prompt bar (issue 36).
  'round.attachImage': 'Anexar uma imagem',
  'round.attachVideo': 'Anexar um vídeo',
  'round.attachAudio': 'Anexar um som',
  'project.defaultName': 'Projeto {number}',
  'project.stageEmpty':
    'O plano {position} ainda não tem clipe. Escreva uma tentativa na barra de baixo: o clipe dela toca aqui.',
  'project.filmTotal': 'Filme: {seconds} s · as tentativas custam {cost}',
  'project.filmTotalDemo':
    'Filme: {seconds} s · as tentativas custariam {cost} (demo, nada é cobrado)',
  'project.storyboardKeys':
    'Para mover um plano, arraste-o sobre outro ou pressione Alt com ← ou → nele.',
  'round.sendAbout': 'Revisar e enviar · cerca de {cost}',
  'round.sendUpTo': 'Revisar e enviar · até {cost}',
  'round.attach': 'Anexar',
  'round.attached': 'Anexados',
  'round.chipRemove': 'Remover {token}',
  'round.chipAsReference': 'Usar {token} como referência',
  'round.chipAsFirstFrame': 'Usar {token} como primeiro quadro',
  'round.chipEmpty': 'ainda sem endereço',
  'round.enterHint': 'Enter revisa a tentativa e o custo; Shift+Enter começa uma nova linha.',
  'round.moreOptions': 'Mais opções',

  'round.title': 'Tentativa {position}: {prompt}',
  'round.name': 'tentativa {position}',
  'round.promptUnknown': 'prompt desconhecido (adicionado a partir do serviço)',
  'round.demo': 'demo',
  'round.demoHint': 'Feito pelo simulador embutido: nada foi enviado ao serviço nem cobrado.',
  'round.money.demo': 'custaria {cost} (demo, não cobrado)',
  'round.money.charged': 'cobrado: {cost}',
  'round.money.estimated': 'estimado: {cost}',
  'round.clip.auto': 'duração escolhida pelo modelo',
  'round.clip.default': 'duração padrão do serviço',
  'round.clip.seconds': 'clipe de {seconds} segundos',
  'round.clip.demoStandIn':
    'clipe de {seconds} segundos pedido; a demo reproduz um clipe curto substituto',
  'round.seconds': '{seconds} s',
  'round.minutes': '{minutes} min',
  'round.took': 'levou {time}',
  'round.running': 'em andamento há {time}',
  'round.runningLeft': 'em andamento há {time} · faltam cerca de {left}',
  'round.play': 'Reproduzir',
  'round.showInFolder': 'Mostrar na pasta',
  'round.cleanLogo': 'Tirar um logotipo parado (grátis)',
  'round.cancel': 'Cancelar',
  'round.cancelHint': 'Para de esperar por ela; o serviço ainda pode concluí-la e cobrá-la.',
  'round.writePrompt': 'Escrever prompt…',
  'round.writePromptHint':
    'O Clearframe não conhece o prompt desta tarefa, então não pode reenviá-la como está.',
  'round.duplicate': 'Duplicar',
  'round.duplicateWhat': 'Enviar uma cópia da tentativa {position}',
  'round.extendForm': 'Estender a tentativa {position}',
  'round.extendWhat':
    'Enviar a continuação da tentativa {position} a partir do último quadro {into, select, new {para um novo plano depois deste} other {para este plano, onde passa a ser a tomada}}',
  'round.next': 'O que acontece depois da tentativa {position}',
  'round.nextPlaceholder': 'O que acontece em seguida…',
  // The take cards (issue 36): their ⋯ menus and the project's.
  'round.actions': 'Ações da tentativa {position}',
  'round.extendFromFrameOpen': 'Estender a partir do último quadro…',
  'round.moveEarlier': 'Mover para antes',
  'round.moveLater': 'Mover para depois',
  'project.actions': 'Ações do projeto',
  'project.nameHint': 'Clique no nome para renomear o projeto',
  'project.nameEmpty':
    'Um projeto precisa de um nome: digite um ou pressione Esc para manter “{name}”.',
  'round.extendVideoOpen': 'Estender vídeo…',
  'round.extendVideoForm': 'Estender o vídeo da tentativa {position}',
  'round.extendVideoWhat':
    'Enviar a continuação da tentativa {position} com o clipe como referência {into, select, new {para um novo plano depois deste} other {para este plano, onde passa a ser a tomada}}',
  'round.extendPlace': 'Para onde vai a continuação da tentativa {position}',
  'round.extendInto':
    '{into, select, new {Continuar em um novo plano} other {Continuar neste plano}}',
  'round.uploadFirst':
    'O serviço só aceita um vídeo de referência como recurso enviado, e este clipe voltou como link de download. Envie {file} para a sua conta no site do provedor e cole aqui o endereço asset:// dele.',
  'round.assetAddress': 'Endereço do recurso da tentativa {position}',
  'round.continuation': 'Como a tentativa {position} continua',
  'round.extendVideo': 'Estender vídeo',

  'round.paidLabel': 'Confirmar uma solicitação paga',
  'round.paidAbout': '{what} por cerca de {cost}?',
  'round.paidUpTo': '{what} por até {cost}?',

  'round.editor': 'Nova tentativa',
  'round.kind': 'Tipo de tentativa',
  'round.mode.text': 'Texto para vídeo',
  'round.mode.image': 'Imagem para vídeo',
  'round.mode.frames': 'Primeiro e último quadro',
  'round.mode.video': 'Vídeo de referência',
  'round.mode.audio': 'Áudio de referência',
  'round.mode.edit': 'Editar em marcas de tempo',
  'round.mode.auto': 'Automático (referência omni)',
  'round.prompt': 'Prompt',
  'round.model': 'Modelo',
  'round.duration': 'Duração (s)',
  'round.durationField': 'Duração',
  'round.resolution': 'Resolução',
  'round.ratio': 'Proporção',
  'round.sound': 'Som',
  'round.watermark': 'Marca d’água de IA no clipe',
  'round.keepLastFrame': 'Manter o último quadro (para estender)',
  'round.costAbout': 'Cerca de {cost} por um clipe de {seconds} segundos',
  'round.costUpTo': 'Até {cost}: o modelo escolhe a duração, no máximo {seconds} s',
  'round.lengthUnknown':
    '{count, plural, one {A duração da referência {references} não é conhecida neste computador} other {A duração das referências {references} não é conhecida neste computador}}, então não é verificada aqui: depois que a tentativa é enviada, o serviço verifica se um vídeo de referência tem de {min} a {max} segundos e, se não tiver, a tentativa falha.',
  'round.editorDemo': 'demo: o simulador embutido faz, nada é cobrado',
  'round.balance': 'saldo {balance}',
  'round.overCap': 'com {spent} já gastos ou em andamento, acima do seu limite de gastos de {cap}',
  'round.overMonthlyCap':
    'com {spent} já gastos ou em andamento em {month}, acima do seu limite de gastos mensal de {cap}',
  'round.addToBatch': 'Adicionar outra tentativa a este lote',
  'round.inBatch': 'mais {count} neste lote',
  'core.rounds.referenceUnreadable':
    '{name} não pode ser lido como imagem. Escolha um arquivo JPEG, PNG ou WebP.',
  'core.rounds.referenceFormat':
    '{name} é um arquivo {format}, que o serviço não aceita como referência. Salve-o como JPEG ou PNG e escolha-o de novo.',
  'round.chooseFile': 'Escolher um arquivo…',
  'round.fromComputer': '{name} · neste computador, enviado dentro da solicitação',
  'round.fromComputerUnnamed': 'Uma imagem deste computador, enviada dentro da solicitação',
  'round.clearFile': 'Tirar a imagem',
  'request.inlineTooLarge':
    'As imagens deste computador deixam a solicitação com cerca de {megabytes} MB, e o serviço aceita no máximo {max} MB. Escolha imagens menores (salvas como JPEG, por exemplo) ou menos imagens.',
  'round.batchLine':
    'Tentativa {number}: {prompt} · {kind} · {length} · {upTo, select, true {até {cost}} other {cerca de {cost}}}',
  'round.batchChip':
    'Tentativa {number}: {prompt} · {upTo, select, true {até {cost}} other {{cost}}}',
  'round.pastedPicture': 'Imagem colada',
  'round.dropNeedsAddress':
    '{name}: o serviço só aceita clipes e sons por endereço. Envie o arquivo para a sua conta e cole o endereço asset:// dele (um som também pode ser um endereço da web).',
  'round.dropNotMedia':
    '{name} não é uma imagem, um clipe nem um som: solte imagens (JPEG, PNG, WebP, TIFF ou GIF) ou cole o endereço de um clipe ou som.',
  'round.batchEdit': 'Voltar ao formulário',
  'round.batchRemove': 'Tirar do lote',
  'round.batchDetails':
    '{resolution} · {ratio} · {sound, select, true {com som} other {sem som}} · {references, plural, =0 {nenhuma referência} one {# referência} other {# referências}}',
  'round.toSend': 'Tentativas a enviar',
  'round.formNotSent':
    'A tentativa do formulário não está completa, por isso não é enviada: ela fica no formulário.',
  'round.review': 'Revisar e enviar',
  'round.confirmAbout':
    'Enviar {count, plural, one {# tentativa} other {# tentativas}} por cerca de {cost}?',
  'round.confirmUpTo':
    'Enviar {count, plural, one {# tentativa} other {# tentativas}} por até {cost}?',

  // What the window's requests are refused with.
  'ipc.untrusted': 'Este pedido não veio da janela do Clearframe.',
  'ipc.unknownChannel': 'Não há canal chamado {channel}.',
  'ipc.malformed': 'O pedido para {channel} estava malformado: {problem}',
  'ipc.notAvailable': '{channel} não está disponível nesta janela.',
  'ipc.failed':
    'O Clearframe não conseguiu fazer isso ({detail}). Tente de novo; se continuar falhando, copie o diagnóstico e relate o problema.',
  'ipc.problem.dropSomething': 'Solte pelo menos um arquivo ou pasta.',
  'ipc.problem.chooseImportFile': 'Escolha um arquivo CSV ou JSON.',
  'ipc.problem.pastedTooLarge':
    'A imagem colada é grande demais; salve-a como arquivo e adicione o arquivo.',
  'ipc.problem.pastedNotImage': 'Os dados colados não são uma imagem.',
  'ipc.problem.chooseImage': 'Escolha pelo menos uma imagem.',
  'ipc.problem.growAtLeast': 'Aumente ou reduza pelo menos 1 pixel.',
  'ipc.problem.sayNext': 'Diga o que acontece em seguida.',
  'ipc.problem.frameTooLarge': 'O quadro tirado do clipe é grande demais para enviar.',
  'ipc.problem.frameNotBase64': 'O quadro tirado do clipe não está em base64.',
  'ipc.problem.findAgain': 'Procure a marca d’água de novo.',

  // A value a form or a file gives that its rule does not take.
  'check.month': 'Informe o mês como AAAA-MM, por exemplo 2026-03.',
  'check.choose': 'Escolha {choices}.',
  'check.number': 'Digite um número.',
  'check.wholeNumber': 'Digite um número inteiro.',
  'check.atLeast': 'No mínimo {bound}.',
  'check.moreThan': 'Deve ser maior que {bound}.',
  'check.atMost': 'No máximo {bound}.',
  'check.lessThan': 'Deve ser menor que {bound}.',
  'check.empty': 'Preencha este campo; ele não pode ficar vazio.',
  'check.tooLong': 'No máximo {count, plural, one {# caractere} other {# caracteres}}.',
  'check.atLeastItems': 'Informe pelo menos {count, plural, one {# item} other {# itens}}.',
  'check.atMostItems': 'No máximo {count, plural, one {# item} other {# itens}} de uma vez.',
  'check.address': 'Digite um endereço completo que comece com https://.',
  'check.unknownFields':
    'O Clearframe não conhece {fields}; {count, plural, one {remova-o} other {remova-os}}.',
  'check.invalid': 'Este valor não pode ser usado; digite outro.',
  'settings.problem.address':
    'Digite um endereço completo que comece com https:// (ou http:// para um serviço local).',
  'settings.problem.addressScheme': 'O endereço deve começar com https:// ou http://.',
  'settings.problem.capAmount': 'Digite um valor em USD.',
  'settings.problem.capNegative': 'O limite não pode ser negativo.',
  'settings.problem.templateEmpty':
    'O modelo de nome de arquivo está vazio; digite um como {example}, que mantém o nome da imagem.',
  'settings.problem.templateCharacters':
    'O modelo de nome de arquivo não pode conter {characters}.',
  'settings.problem.templateUnknown':
    '{unknown} desconhecido no modelo de nome de arquivo; use {tokens}.',
  'settings.problem.templateNoName':
    'O modelo de nome de arquivo precisa de {name} ou {n}; senão todos os resultados teriam o mesmo nome.',

  // What is wrong with a key as typed or pasted.
  'keys.problem.spaces': 'A chave tem espaços no início ou no fim; cole-a de novo sem eles.',
  'keys.problem.tooShort': 'A chave é curta demais; copie a chave inteira da página da sua conta.',
  'keys.problem.tooLong': 'A chave é longa demais; copie só a chave da página da sua conta.',
  'keys.problem.characters':
    'A chave tem caracteres que uma chave não pode ter; copie-a de novo da página da sua conta.',

  // What the budget cap and the balance say before a round is paid for.
  'budget.overCap':
    'Esta tentativa ({estimate}) levaria os gastos com vídeo a {total}, acima do seu limite de gastos de {cap}: {spent} gastos e {inFlight} em tentativas já enviadas. Aumente o limite nas Configurações e envie esta tentativa de novo.',
  'budget.overMonthlyCap':
    'Esta tentativa ({estimate}) levaria os gastos com vídeo de {month} a {total}, acima do seu limite de gastos mensal de {cap}: {spent} gastos neste mês e {inFlight} em tentativas já enviadas. Aumente o limite nas Configurações, ou tente de novo em {nextMonth}.',
  'budget.balanceLow':
    'O saldo de vídeo é {balance}; esta tentativa precisa de cerca de {estimate}. Recarregue o saldo no site do provedor e tente de novo.',
  'budget.balanceLowHeld':
    'O saldo de vídeo é {balance}, dos quais {held} estão reservados por tentativas já enviadas; esta tentativa precisa de cerca de {estimate}. Recarregue o saldo no site do provedor e tente de novo.',

  // The rules of a round, said where the round form and the command line check it.
  'request.writePrompt':
    'Escreva um prompt: toda tentativa precisa de um, mesmo quando tem referências.',
  'request.tooManyReferences':
    'Remova {count, plural, one {# referência} other {# referências}}: uma tentativa aceita no máximo {max} além do prompt.',
  'request.giveAddress': 'Informe o endereço da referência {number}, ou remova-a.',
  'request.videoAsAsset':
    'Informe a referência {number} como endereço asset://: o serviço só aceita um vídeo depois que ele é enviado para a sua conta no site do provedor.',
  'request.publicAddress':
    'Informe a referência {number} com um endereço que comece com https:// (um endereço público na web) ou asset:// (enviado para a sua conta).',
  'request.sayRole': 'Diga para que serve a referência {number}: {roles}.',
  'request.wrongRole':
    'A referência {number} é {kind, select, image {uma imagem} video {um vídeo} other {um som}}, então não pode ser “{role}”: escolha {roles}.',
  'request.promptNamesMissing':
    'O prompt cita {token}, mas a tentativa tem {kind, select, image {{count, plural, =0 {nenhuma imagem de referência} one {# imagem de referência} other {# imagens de referência}}} video {{count, plural, =0 {nenhum vídeo de referência} one {# vídeo de referência} other {# vídeos de referência}}} other {{count, plural, =0 {nenhum áudio de referência} one {# áudio de referência} other {# áudios de referência}}}}: adicione {kind, select, image {uma} video {um} other {um}}, ou mude {token} no prompt.',
  'request.autoOnly': 'Escolha Automático como tipo de tentativa, ou outro tipo.',
  'request.resolution': 'Escolha uma resolução de {choices}; o serviço não faz {resolution}.',
  'request.autoRatio':
    'Escolha a proporção {ratio}: numa tentativa automática o modelo dá forma ao clipe.',
  'request.autoDuration':
    'Deixe a duração com o modelo: uma tentativa automática escolhe a própria duração.',
  'request.autoTakesReferences':
    'Uma tentativa automática só aceita referências, então a referência {number} não pode ser “{role}”: escolha outro tipo de tentativa para usar quadros.',
  'request.adaptiveOnlyAuto':
    'Escolha uma proporção de {choices}: {ratio} é só para tentativas automáticas.',
  'request.ratio': 'Escolha uma proporção de {choices}; o serviço não faz {ratio}.',
  'request.duration':
    'Defina a duração entre {min} e {max} segundos: {model} não faz {open, select, true {clipes de duração livre} other {clipes de {seconds} segundos}}.',
  'request.oneFrameEach': 'Informe um primeiro quadro e no máximo um último quadro.',
  'request.firstFrameNeeded':
    'Adicione um primeiro quadro: uma tentativa que termina num último quadro parte de um primeiro.',
  'request.framesOrReferences':
    'Use quadros ou referências, não ambos: remova um deles, ou escolha Automático como tipo de tentativa para trabalhar com referências.',
  'request.referenceLength':
    'A referência {number} tem {seconds} s, e uma tentativa automática aceita vídeos de referência de {min} a {max} segundos: corte-o, ou escolha outro vídeo.',
  'referenceImage.tooManyBytes':
    'Uma imagem de referência pode ter no máximo {megabytes} MB. Salve-a menor e adicione-a de novo.',
  'referenceImage.sides':
    'Uma imagem de referência precisa de {min} a {max} pixels em cada lado; esta tem {width}×{height}. Redimensione-a e adicione-a de novo.',
  'referenceImage.shape':
    'Uma imagem de referência deve ter formato entre {min}:1 e {max}:1; esta tem {aspect}:1. Recorte-a e adicione-a de novo.',
  'image.tooLargeToOpen':
    'A imagem é grande demais: {width}×{height} pixels ({megapixels} megapixels), mais que os {limit} megapixels que o Clearframe consegue abrir. Reduza-a num editor de imagens e adicione-a de novo.',

  'round.role.firstFrame': 'primeiro quadro',
  'round.role.lastFrame': 'último quadro',
  'round.role.referenceImage': 'imagem de referência',
  'round.role.referenceVideo': 'vídeo de referência',
  'round.role.referenceAudio': 'áudio de referência',
  'round.slot': '{role}, referência {number} ({accepts})',
  'round.acceptsAssetOrWeb': 'asset:// ou https://',
  'round.slotPlaceholder': 'asset://… ou https://…',
  'round.assetPlaceholder': 'asset://…',
  'round.size': '{width}×{height}',
  'round.slotPreview': 'Prévia: {role}',
  'round.thumb.asset': 'recurso',
  'round.thumb.image': 'imagem',
  'round.thumb.video': 'vídeo',
  'round.thumb.audio': 'áudio',
  'round.demoMedia': 'Mídia de demo:',
  'round.demoMediaFor': 'Mídia de demo para a referência {number}',
  'round.demoAsset.demo-image-landscape': 'Foto na horizontal',
  'round.demoAsset.demo-image-portrait': 'Foto na vertical',
  'round.demoAsset.demo-video-8s': 'Clipe de 8 segundos',
  'round.demoAsset.demo-video-2s': 'Clipe de 2 segundos',
  'round.demoAsset.demo-audio-6s': 'Som de 6 segundos',

  'import.title': 'Importar tentativas',
  'import.heading': 'Importar tentativas para {project}',
  'import.about':
    'Um arquivo CSV (uma linha de cabeçalho e depois uma tentativa por linha) ou uma lista JSON, com as colunas prompt, kind, references, duration, ratio e shot. As referências são escritas image=…, video=… ou audio=…, separadas por |. Cada linha é verificada antes de qualquer coisa entrar na fila.',
  'import.file': 'Arquivo CSV ou JSON de tentativas',
  'import.checking': 'Verificando cada linha…',
  'import.noPath':
    'O Clearframe não consegue saber onde {name} está salvo. Salve-o como arquivo neste computador e escolha-o de novo.',
  'import.problems':
    'Nada pode entrar na fila a partir de {name} até que todas as linhas passem. Corrija estas linhas e escolha o arquivo de novo:',
  'import.problem': '<strong>{label}:</strong> {message}',
  'import.row': 'Linha',
  'import.shot': 'Plano',
  'import.kind': 'Tipo',
  'import.prompt': 'Prompt',
  'import.cost': 'Custo',
  'import.costAbout': 'cerca de {cost}',
  'import.costUpTo': 'até {cost}',
  'import.total': '{count, plural, one {# tentativa} other {# tentativas}}, {total} no total.',
  'import.close': 'Fechar',
  'import.queueWhat':
    'Colocar na fila {count, plural, one {# tentativa} other {# tentativas}} de {name}',
  'import.queue':
    'Colocar na fila {count, plural, one {# tentativa} other {# tentativas}} por {total}',
  'import.queued':
    '{count, plural, one {# tentativa de {name} está na fila em {project}.} other {# tentativas de {name} estão na fila em {project}.}}',
  'round.frameUnreadable':
    'Não foi possível reproduzir o clipe aqui para pegar o último quadro: reproduza-o uma vez no player e estenda-o de novo.',
  // ── end of Video workspace.

  // ── Images workspace: keys of the finder, previews and output go below this line.
  'images.urlForm': 'Adicionar uma imagem pelo endereço',
  'images.urlLabel': 'Endereço da imagem',
  'images.urlPlaceholder': 'https://…',
  'images.urlAdd': 'Adicionar',
  'images.reasonLine': '{name}: {reason}',
  'images.skippedTitle': 'Não aceitas ({count}), cada uma com o motivo:',
  'images.skippedList': 'Ignoradas',
  'images.ready': 'Prontas:',
  'images.readySummary': '{count, plural, one {# imagem} other {# imagens}}, {masked} com máscara',
  'images.selectAll': 'Selecionar todas',
  'images.selectNone': 'Desmarcar todas',
  'images.removeSelected': 'Remover selecionadas',
  'images.find': 'Encontrar a marca d’água',
  'images.startFree':
    'Iniciar – grátis, neste computador{left, plural, =0 {} other {; # deixadas de fora: já limpas}}',
  'images.start':
    'Iniciar – usa {credits} para {count, plural, one {# imagem} other {# imagens}}{free, plural, =0 {} other {; # grátis neste computador}}{left, plural, =0 {} other {; # deixadas de fora: já limpas}}',
  'images.startUpTo':
    'Iniciar – usa até {credits} para {count, plural, one {# imagem} other {# imagens}}{free, plural, =0 {} other {; # grátis neste computador}}{left, plural, =0 {} other {; # deixadas de fora: já limpas}}',
  'images.startNothing':
    'Nada a enviar: {left, plural, one {# imagem já foi limpa} other {# imagens já foram limpas}} com a mesma máscara. Marque “limpar de novo” para enviar uma outra vez.',
  'images.heldBackUnsure':
    '{count, plural, one {# imagem fica em espera: Encontrar a marca d’água não teve certeza da marca nela, então nada é enviado por ela. Pinte uma máscara com Editar máscara ou marque-a em Encontrar a marca d’água.} other {# imagens ficam em espera: Encontrar a marca d’água não teve certeza da marca nelas, então nada é enviado por elas. Pinte uma máscara com Editar máscara ou marque-as em Encontrar a marca d’água.}}',
  'images.startOnlyUnsure':
    'Nada a enviar ainda: a busca da marca d’água não teve certeza da marca nestas imagens. Pinte uma máscara nelas primeiro.',
  'images.cleanedBefore':
    '{count, plural, one {# delas já foi limpa antes} other {# delas já foram limpas antes}}. Uma que seria reenviada com a mesma máscara fica de fora e não custa nada, a menos que você marque “limpar de novo”.',
  'images.appliedSameSize':
    '{count, plural, one {Máscara aplicada a # imagem de {size}.} other {Máscara aplicada a # imagens de {size}.}}',
  'images.appliedAll':
    '{count, plural, one {Máscara aplicada a # imagem.} other {Máscara aplicada a # imagens.}}',
  'images.appliedSelected':
    '{count, plural, one {Máscara aplicada a # imagem selecionada.} other {Máscara aplicada a # imagens selecionadas.}}',
  'images.appliedScaled':
    '{count, plural, one {# delas tem um tamanho diferente de {size}: a máscara foi redimensionada para caber, com cada marca tão perto do seu canto quanto em {name}. Confira com Editar máscara.} other {# delas têm um tamanho diferente de {size}: a máscara foi redimensionada para caber, com cada marca tão perto do seu canto quanto em {name}. Confira-as com Editar máscara.}}',
  'images.twoSentences': '{first} {second}',
  'images.maskSaved': 'Máscara salva para {name}.',
  'images.maskRemoved': 'Máscara removida de {name}.',
  'images.foundNote':
    '{count, plural, one {A máscara encontrada está em # imagem} other {A máscara encontrada está em # imagens}}{free, plural, =0 {} one {, # a ser limpa grátis neste computador} other {, # a serem limpas grátis neste computador}}. Confira uma com Prévia ou altere com Editar máscara.',
  'images.applySameSize': 'Aplicar a todas as imagens de {size}',
  'images.applyAll': 'Aplicar às {count} imagens',
  'images.applySelected': 'Aplicar às selecionadas',
  'images.previewFree': 'Prévia de {name} (grátis)',
  'images.noMaskAll':
    'Nenhuma tem máscara ainda: o serviço então procura a marca d’água sozinho e remove o que encontrar (o modo demo repinta uma marca que encontra em um canto). Pinte uma máscara onde ele deve procurar.',
  'images.noMaskSome':
    '{count, plural, one {# delas não tem máscara} other {# delas não têm máscara}}: o serviço então procura a marca d’água sozinho e remove o que encontrar (o modo demo repinta uma marca que encontra em um canto). Pinte uma máscara onde ele deve procurar.',
  // The staged images the measured mark cleans here (a profile or the finder's choice).
  'images.localAll':
    '{count, plural, one {Ela é limpa} other {As # são limpas}} neste computador, grátis, com a marca d’água medida: nada é enviado ao serviço por {count, plural, one {ela} other {elas}}.',
  'images.localSome':
    '{count, plural, one {# delas é limpa} other {# delas são limpas}} neste computador, grátis, com a marca d’água medida: nada é enviado ao serviço por {count, plural, one {ela} other {elas}}.',
  'images.list': 'Imagens prontas',
  'images.select': 'Selecionar {name}',
  'images.fromWeb': '{name} (da web)',
  'images.localFree': 'limpa neste computador, grátis',
  'images.cleanAgain': 'Já limpa · limpar de novo',
  'images.scaledHint':
    'A máscara foi desenhada em uma imagem de {size} e redimensionada para caber nesta.',
  'images.badge.scaled': 'máscara, redimensionada',
  'images.badge.mask': 'máscara',
  'images.badge.none': 'sem máscara',
  'images.editMask': 'Editar máscara',
  'images.paintMask': 'Pintar máscara',
  'images.editMaskOf': 'Editar máscara: {name}',
  'images.paintMaskOf': 'Pintar máscara: {name}',
  'images.preview': 'Prévia',
  'images.previewHint': 'Uma repintura grátis feita neste computador, para conferir a máscara',
  'images.maskEditor': 'Editor de máscara',
  'images.compareTitle': 'Antes e depois: {name}',
  'images.cleaned': 'limpa',
  'images.savedTo': 'Salvo em {path}',
  'finder.looking': 'Procurando a marca d’água',
  'finder.lookingFor':
    'Procurando uma marca que as {count} imagens têm em comum, neste computador, sem custo…',
  'finder.cancel': 'Cancelar',
  'finder.close': 'Fechar',
  'finder.found': 'A marca d’água encontrada',
  'finder.intro':
    'O vermelho mostra o que a máscara de cada imagem cobre. Desmarque uma imagem para deixá-la de fora; depois de usar as máscaras, Editar máscara ajusta qualquer uma delas.',
  'finder.groupSize': '{count, plural, one {# imagem de {size}} other {# imagens de {size}}}',
  'finder.groupCorner':
    '{count, plural, one {# imagem} other {# imagens}} de vários tamanhos, com a marca no canto {corner, select, top_left {superior esquerdo} top_right {superior direito} bottom_left {inferior esquerdo} other {inferior direito}}',
  'finder.groupHeading': '{group}: {finding}',
  'finder.noShared': 'nenhuma marca em comum encontrada; pinte uma máscara à mão',
  'finder.markOn': 'a marca está em {count} delas',
  'finder.serviceOnly':
    'Só o serviço pode limpar estas: a limpeza neste computador mede a marca em pelo menos 3 imagens do mesmo tamanho que a tenham.',
  'finder.markFound': 'marca encontrada ({percent})',
  'finder.noMark': 'nenhuma marca vista ({percent})',
  'finder.more': 'E mais {count} deste grupo, marcadas do mesmo jeito pela pontuação.',
  'finder.byHand': 'Para marcar à mão',
  'finder.byHandTitle': 'Para marcar à mão ({count})',
  'finder.use':
    '{count, plural, one {Usar as máscaras em # imagem} other {Usar as máscaras em # imagens}}{free, plural, =0 {} one { (# limpa neste computador)} other { (# limpas neste computador)}}',
  'finder.who': 'Quem as limpa',
  'finder.byService': 'O serviço — {credits} por imagem',
  'finder.byComputer': 'Neste computador — grátis',
  // The self-check: the quality cleaning on this computer is expected to give.
  'quality.expected':
    'Qualidade esperada neste computador: {db} dB, {band, select, clean {a marca não deve ficar visível.} faint {um leve vestígio da marca pode aparecer nas áreas lisas.} other {o resultado provavelmente mostrará um vestígio da marca.}}',
  'quality.notChosen':
    'Por isso “Neste computador” não vem escolhido: compare as duas prévias antes de escolhê-lo.',
  'quality.short': '{db} dB esperados',
  'cli.engine.expectedLow':
    'Com --engine local elas são limpas mesmo assim, e cada resultado é marcado como “Marca ainda visível”, a menos que a verificação após a limpeza não encontre vestígio da marca.',
  'finder.maskShare': 'A máscara cobre {share} de cada imagem.',
  'finder.tickGroup':
    '{count, plural, one {A # imagem deste grupo} other {As # imagens deste grupo}}',
  'finder.unsure': 'incerto ({percent})',
  'finder.unreadable': 'Não puderam ser lidas',
  'finder.unreadableTitle': 'Não puderam ser lidas ({count})',
  'preview.title': 'Prévia grátis: {name}',
  'preview.afterWord': 'prévia grátis',
  'preview.note':
    'Feita neste computador com uma repintura simples, sem custo, para mostrar o que a máscara cobre. O resultado do próprio serviço costuma ser mais limpo.',
  'preview.making': 'Criando a prévia',
  'preview.repainting': 'Repintando a área da máscara neste computador…',
  'preview.failed': 'Não foi possível criar a prévia: {reason}',
  'preview.close': 'Fechar',
  'preview.eachEngine': '{name} limpa de cada jeito',
  'preview.enlarged': '{name}, ampliada em volta da marca, limpa de cada jeito:',
  'preview.cleanedLocal': 'limpa neste computador',
  'preview.cleanedService': 'limpa pelo serviço',
  'preview.undoing': 'Desfazendo a marca neste computador',
  'preview.serviceCleaning': 'O serviço está limpando a imagem',
  'preview.askService': 'Prévia com o serviço – {credits}',
  'preview.question': 'Enviar {name} ao serviço para uma prévia, por {credits}?',
  'preview.confirm': 'Confirmar a prévia de {name} com o serviço',
  'preview.byService':
    'O serviço — {credits} por imagem{demo, select, true { (grátis no modo demo)} other {}}',
  'output.summary': 'Saída: {folder} · nomes como {example}',
  'output.besideEach': 'uma pasta “clearframe” ao lado de cada imagem',
  'output.creditsLeft': '{count, plural, one {# crédito restante} other {# créditos restantes}}',
  // Demo figures said as simulated, and what an empty filter of the results says.
  'output.demoCreditsLeft':
    '{count, plural, one {# crédito de demo restante (simulado)} other {# créditos de demo restantes (simulados)}}',
  'account.demoCreditsLeft':
    'Restam {remaining} de {limit, plural, one {# crédito de demo} other {# créditos de demo}} (simulados)',
  'account.demoBalance': '{balance} (saldo de demo simulado)',
  'jobs.empty.all': 'Nenhuma imagem nesta lista',
  'jobs.empty.running': 'Nenhuma imagem em andamento',
  'jobs.empty.failed': 'Nenhuma imagem com falha',
  'jobs.empty.doubt': 'Nenhum resultado a conferir',
  'jobs.empty.done': 'Nenhuma imagem pronta ainda',
  'output.folder': 'Pasta',
  'output.folderPlaceholder': 'Ao lado de cada imagem',
  'output.choose': 'Escolher…',
  'output.fileName': 'Nome do arquivo',
  'output.conflict': 'Quando o nome já existe',
  'output.layout': 'Subpastas de uma pasta solta',
  'output.metadata': 'Manter os metadados (EXIF, perfil de cor)',
  'output.format': 'Formato',
  // ── end of Images workspace.

  // ── Command line and main process: keys of their messages go below this line.
  // A linha de comando: para que serve cada comando e como ele é digitado.
  'cli.summary.help': "lista os comandos, ou como usar um deles (help '<'comando>)",
  'cli.summary.remove':
    'remove marcas d’água de imagens e pastas (--demo para testar no simulador)',
  'cli.summary.video': 'projetos de vídeo: new, add-round, import, run, status, spending',
  'cli.summary.jobs': 'quantos trabalhos há em cada estado (--watch para acompanhar)',
  'cli.summary.balance': 'créditos de marca d’água e saldo de vídeo',
  'cli.summary.key': 'define, testa ou apaga uma chave de API no chaveiro do sistema',
  'cli.summary.simulator': 'executa o substituto local do serviço (--port=N)',
  'cli.summary.version': 'mostra a versão',
  'cli.help.usage': 'Uso: clearframe help [comando]',
  'cli.help.head': "Uso: clearframe '<'comando> [opções]\n\nComandos:",
  'cli.help.foot':
    'Opções aceitas pela maioria dos comandos: --json (um objeto JSON por linha), --demo (o\nsimulador embutido em vez do serviço), --data-dir pasta (outra pasta de dados).\n\nCódigos de saída: {done} pronto; {someFailed} alguns trabalhos falharam ou aguardam sua decisão, ou um erro;\n{usage} a linha de comando estava errada; {noKey} sem chave de API; {spending} o limite de gastos ou o saldo\ninterrompeu uma tentativa paga; {interrupted} interrompido.',
  'cli.version.usage': 'Uso: clearframe version',
  'cli.jobs.usage':
    'Uso: clearframe jobs [--watch] [--json] [--data-dir pasta]\n  Quantas imagens e tentativas de vídeo há em cada estado. --watch redesenha a cada segundo\n  até Ctrl+C.',
  'cli.balance.usage':
    'Uso: clearframe balance [--demo] [--json] [--data-dir pasta]\n  Os créditos de marca d’água e o saldo de vídeo, cada um como o próprio serviço informa.',
  'cli.remove.usage':
    "Uso: clearframe remove '<'arquivos|pastas…> [--mask arquivo | --mask-rect x,y,l,a | --auto-mask] [--out pasta]\n                          [--recursive] [--concurrency n] [--retry] [--force] [--dry-run] [--demo] [--json] [--data-dir pasta]\n  Remove a marca d’água de cada imagem indicada ou encontrada nas pastas. --mask recebe um\n  arquivo de máscara (marcas em qualquer cor exceto preto ou branco puros, ou branco sobre preto);\n  --mask-rect marca um retângulo em pixels da imagem, conferido em cada imagem antes de enviar\n  qualquer coisa. Depois de uma falha, execute de novo para continuar: nada enviado é enviado outra vez.\n  --retry   tenta de novo os arquivos com falha: pergunta de novo ao serviço, sem custo, onde ele tem\n            a imagem, e prepara de novo um arquivo que ele nunca aceitou (depois de substituí-lo, por exemplo)\n  --force   envia de novo, pagando (1 crédito cada), arquivos já limpos ou com falha\n{masks}\n{engines}",
  'cli.masks.usage':
    '  --mask-anchor top-left|top-right|bottom-left|bottom-right|relative\n            de onde --mask-rect (e --mask-clear-outside) é medido: com um canto, x,y são as\n            distâncias até os lados desse canto, assim um retângulo serve para fotos de qualquer\n            tamanho; com relative, os quatro números são frações da imagem de 0 a 1\n  --auto-mask         encontra a marca d’água que as imagens compartilham e mostra o que foi\n                      encontrado por grupo antes de enviar; --mask-rect passa a ser uma dica aproximada\n  --dry-run           para depois de mostrar o que seria enviado: nada é enviado nem pago\n  --save-masks pasta  grava ali a máscara de cada grupo como PNG (branco sobre preto) no seu tamanho\n  --mask-grow n, --mask-shrink n, --mask-invert, --mask-clear-outside x,y,l,a\n                      altera a máscara antes do envio: aumenta ou diminui n pixels,\n                      inverte, limpa tudo fora do retângulo\n  --mask-whole        toma um arquivo --mask que marca cada pixel (todo branco, por exemplo)\n                      como marcando a imagem inteira, que então é repintada',
  'cli.engine.usage':
    '  --engine service|local\n                      service (padrão): o serviço limpa cada imagem, 1 crédito cada;\n                      local: este computador desfaz a mistura da marca d’água que --auto-mask\n                      mediu no lote, de graça e offline; imagens cuja marca ele não consegue\n                      medir ficam de fora e são indicadas (envie-as com --engine service)',
  'cli.video.usage':
    "Uso:\n  clearframe video new '<'nome> [--shot título]\n  clearframe video add-round '<'id do projeto ou plano> --prompt texto [--duration s (padrão {seconds})] [--resolution 480p|720p]\n        [--ratio 16:9] [--model id] [--image url[=papel]]… [--video url] [--audio url] [--auto]\n        [--last-frame] [--generate-audio] [--watermark]\n  clearframe video add-round --extend '<'id da tentativa> --prompt texto\n  clearframe video import '<'arquivo.csv|arquivo.json> (--project id | --new nome) [--yes]\n  clearframe video run [--concurrency n] [--out pasta] [--demo]\n  clearframe video status [id do projeto]\n  clearframe video spending [--project id] [--month AAAA-MM] [--csv arquivo]\n        cada tentativa que o serviço pode ter cobrado (a cobrança, ou a estimativa enquanto o\n        serviço não informou), da mais recente à mais antiga, por mês (fuso horário deste\n        computador) e por projeto; --csv também grava em um arquivo CSV, nunca sobre um arquivo existente\nTodos aceitam --json e --data-dir pasta.\n\nvideo import coloca na fila um lote de tentativas de um arquivo CSV (uma linha de cabeçalho nomeia\nas colunas) ou de uma lista JSON de objetos, com estas colunas ou campos:\n  prompt      o que a tentativa mostra (obrigatório)\n  kind        {kinds} (padrão text)\n  references  image=URL, video=URL ou audio=URL, separadas por | (uma lista em JSON); a N-ésima\n              de um tipo é @imageN, @videoN, @audioN no prompt. \"video=asset://id from\n              clip.mp4\" indica o arquivo de onde foi enviada, para que a duração seja conferida aqui.\n  duration    segundos (padrão {seconds}; deixe vazio para auto)\n  ratio       {ratios} (adaptive para auto)\n  shot        tentativas com o mesmo plano o compartilham; uma tentativa sem plano ganha o seu\nCada linha é conferida primeiro: uma linha com erro não coloca nada na fila, e cada problema indica\nsua linha. As tentativas e o custo total são mostrados e depois perguntados; --yes as coloca na fila\nsem perguntar (necessário quando a entrada padrão não é um terminal).",

  // A linha de comando: erros no que foi digitado.
  'cli.unknownCommand':
    'clearframe: comando desconhecido “{name}”. “clearframe help” mostra a lista.',
  'cli.usageError': 'clearframe {command}: {problem} Veja clearframe {command} --help.',
  'cli.commandProblem': 'clearframe {command}: {problem}',
  'cli.failed': 'clearframe: {problem}',
  'cli.unexpected': 'clearframe {command}: um erro inesperado interrompeu o comando: {problem}',
  'cli.args.unknownOption': 'opção desconhecida {option}.',
  'cli.args.unexpected': 'argumento inesperado {argument}.',
  'cli.args.takesNoValue': '{option} não recebe valor.',
  'cli.args.needsValue': '{option} precisa de um valor.',
  'cli.args.thatOption': 'essa opção',
  'cli.args.unreadable': 'não foi possível ler as opções.',
  'cli.concurrency': '--concurrency deve ser um número inteiro de 1 a {most}.',
  'cli.fileProblem': '{file}: {problem}',
  'cli.note': 'Observação: {note}',
  'cli.ask.choices': '[s/N]',
  'cli.ask.yes': 's|sim|y|yes',

  // A linha de comando: estados e serviços como as listas os chamam.
  'cli.state.queued': 'na fila',
  'cli.state.preparing': 'preparando',
  'cli.state.submitting': 'enviando',
  'cli.state.submitted': 'enviado',
  'cli.state.processing': 'processando',
  'cli.state.downloading': 'baixando',
  'cli.state.done': 'pronto',
  'cli.state.failed': 'falhou',
  'cli.state.canceled': 'cancelado',
  'cli.state.needs-attention': 'decisão pendente',
  'cli.service.watermark': 'marca d’água',
  'cli.service.video': 'vídeo',

  // A linha de comando: progresso, acompanhar o app, contagens e saldos.
  'cli.progress.bar':
    '{label} [{bar}] {settled}/{total}{failed, plural, =0 {} other {, # com falha}}',
  'cli.progress.skipped': 'ignorado',
  'cli.progress.waiting':
    'aguardando: {reason} Ctrl+C para aqui e mantém cada trabalho para a próxima execução.',
  'cli.progress.resumed': 'continuando: há espaço no disco de novo.',
  'cli.follow.otherOut':
    '{holder} está usando esta pasta de dados e grava os resultados em {theirs}, não em {out}. Execute sem --out, ou feche o app e execute de novo.',
  'cli.follow.defaultFolders': 'suas pastas padrão',
  'cli.follow.handedOver':
    '{holder} está usando esta pasta de dados: ele executa estes trabalhos, e o progresso aparece aqui. Ctrl+C para de acompanhar; o app continua.',
  'cli.jobs.count': '{count} {state}',
  'cli.jobs.none': 'nenhum',
  'cli.jobs.images': 'imagens: {list}',
  'cli.jobs.rounds': 'tentativas de vídeo: {list}',
  'cli.jobs.clips': 'clipes: {list}',
  'cli.remove.clipInWindow':
    'os clipes são limpos na janela (tela Imagens, área Vídeos), onde o WebCodecs os decodifica; a linha de comando não consegue.',
  'cli.balance.line': '{service}: {quota} (segundo {host})',
  'cli.balance.failed': '{service}: {problem}',
  'cli.balance.unknown': 'desconhecido',

  // A linha de comando: remover marcas d’água.
  'cli.remove.noInputs': 'indique pelo menos uma imagem ou pasta.',
  'cli.remove.noMaskFile': 'o arquivo de máscara {file} não existe.',
  'cli.remove.masksWritten': 'Máscaras gravadas: {files}.',
  'cli.remove.noMasksWritten': 'Máscaras gravadas: nenhuma (nenhuma marca d’água encontrada).',
  // Máscaras pagas: quanto da imagem cobrem; acima de um limite, pergunta-se.
  'masks.share':
    '{count, plural, one {A máscara cobre {largest} da imagem.} other {{same, select, yes {As máscaras cobrem cada uma {largest} da imagem.} other {As máscaras cobrem de {smallest} a {largest} das imagens.}}}}',
  'masks.largeShare':
    '{count, plural, one {# imagem tem uma máscara de mais de {limit} (a maior cobre {largest}): o serviço repinta toda a máscara, 1 crédito por imagem.} other {# imagens têm máscaras de mais de {limit} (a maior cobre {largest}): o serviço repinta toda a máscara, 1 crédito por imagem.}}',
  'cli.masks.large.usage':
    '  --allow-large-mask  enviar sem perguntar máscaras que cobrem mais de {limit} de uma imagem\n                      (pergunta num terminal; fora de um nada é enviado, código de saída 2)',
  'cli.remove.askLargeMasks': 'Enviar mesmo assim com estas máscaras?',
  'cli.remove.sayLargeMasks':
    'Nada foi enviado. Confira as máscaras (--dry-run as lista, --save-masks as grava) ou acrescente --allow-large-mask para enviá-las como estão.',
  'cli.remove.largeMasksRefused':
    'Nada foi enviado. Informe uma máscara menor (--mask-rect ou --mask) ou marque as imagens à mão na janela.',
  'images.largeMasks.label': 'Máscaras grandes',
  'images.largeMasks.ask':
    '{count, plural, one {Enviar mesmo assim ou marcar à mão primeiro?} other {Enviar mesmo assim ou marcar à mão primeiro?}}',
  'images.largeMasks.send': 'Enviar mesmo assim',
  'images.largeMasks.byHand': 'Marcar à mão',

  'cli.remove.dryRun':
    'Simulação: {count, plural, one {# imagem analisada} other {# imagens analisadas}}, nada foi enviado e nada foi pago.',
  'cli.remove.cleaning': 'Limpando',
  'cli.remove.payingAgain':
    '--force: enviando {count, plural, one {# arquivo} other {# arquivos}} de novo, pagando {credits} no total (incluindo arquivos nunca enviados).',
  'cli.remove.retryInApp':
    'O app está usando esta pasta de dados, então os arquivos já tentados são tentados de novo lá: use “Consultar de novo” ou “Enviar de novo (pago)” na janela dele, ou feche-o e execute este comando de novo.',
  'cli.remove.itIs': 'Estado: {state}.',
  'cli.remove.summary':
    '{done} prontos, {failed} com falha{attention, plural, =0 {} other {, # aguardam sua decisão (o serviço talvez já os tenha)}}{skipped, plural, =0 {} other {, # não aceitos (cada um aparece acima com o motivo)}}.',
  'cli.plan.drawnMask': 'uma máscara desenhada',
  'cli.plan.unreadableMask':
    'uma máscara que o Clearframe não consegue ler de volta (o registro do trabalho está danificado)',
  'cli.plan.noMask': 'nenhuma máscara (o canto que o serviço escolhe)',
  'cli.plan.alreadyCleaned':
    '{file}: já foi limpo com {used}, então {asked} não foi usado. Adicione --force para enviá-lo de novo com {asked}, pagando ({credits}).',
  'cli.plan.forceDamaged':
    'Na linha de comando, --force o adiciona de novo como um novo trabalho ({credits}).',
  'cli.plan.retryFree':
    'Execute de novo com --retry para perguntar ao serviço outra vez (sem custo); --force envia de novo, pagando ({credits}).',
  'cli.plan.forceAgain':
    '--force o envia de novo ({credits}, o que pode ser um segundo pagamento).',
  'cli.plan.retryLater':
    'Depois de resolver a causa, execute de novo com --retry ({credits} se o serviço aceitar).',
  'cli.engine.unknown': '--engine aceita service ou local.',
  'cli.engine.needsAutoMask':
    '--engine local desfaz a mistura de uma marca d’água medida em todo o lote: adicione --auto-mask (são necessárias pelo menos 3 imagens de um tamanho com a mesma marca).',
  'cli.engine.notLocal':
    'nenhuma marca d’água pôde ser medida para ela neste lote (são necessárias pelo menos 3 imagens do seu tamanho com a mesma marca), então ela não foi limpa: envie-a com --engine service, ou marque-a à mão.',
  'cli.engine.groupLocal':
    'Grupo {number} ({count, plural, one {# imagem} other {# imagens}} com a marca): neste computador, de graça; nada é enviado.',
  'cli.engine.groupLeftOut':
    'Grupo {number} ({count, plural, one {# imagem} other {# imagens}}): não limpo, {reason}',
  'cli.engine.groupService':
    'Grupo {number} ({count, plural, one {# imagem} other {# imagens}}): o serviço, {credits}.',

  // A linha de comando: projetos de vídeo e tentativas.
  'cli.video.costUpTo':
    'até {cost} (modo auto: o modelo escolhe a duração; {seconds} s a {rate} USD/s é o máximo que pode custar)',
  'cli.video.costAbout': 'cerca de {cost} ({seconds} s a {rate} USD/s)',
  'cli.video.upTo': 'até {cost}',
  'cli.video.about': 'cerca de {cost}',
  'cli.video.nameProject': 'dê um nome ao novo projeto.',
  'cli.video.created': 'Projeto “{name}”: {projectId}\nPlano 1: {shotId}',
  'cli.video.needsPrompt': '--prompt é obrigatório: diga o que a tentativa deve mostrar.',
  'cli.video.wholeSeconds': '--duration aceita segundos inteiros, como 8.',
  'cli.video.noRound': 'Não existe a tentativa {id}.',
  'cli.video.nameTarget': 'indique o projeto ou plano ao qual a tentativa pertence.',
  'cli.video.noTarget':
    'Não existe projeto nem plano {id}. “clearframe video status” lista os existentes.',
  'cli.video.queuedRound': 'Tentativa {position} na fila: {roundId}\nCusto: {cost}',
  'cli.video.overCap':
    'Observação: tudo o que está na fila soma {planned} com o que já foi gasto, acima do limite de gastos de {cap}; as tentativas que passarem do limite vão parar antes de serem pagas.',
  'cli.video.overMonthlyCap':
    'Observação: tudo o que está na fila soma {planned} com o que foi gasto em {month}, acima do limite de gastos mensal de {cap}; as tentativas que passarem do limite vão parar antes de serem pagas.',
  'cli.video.round': 'tentativa {position} {state} {money}',
  'cli.video.charged': 'cobrado {cost}',
  'cli.video.estimated': 'estimado {cost}',
  'cli.video.demoCost': 'custaria {cost} (demo, não cobrado)',
  'cli.video.rendering': 'Gerando',
  'cli.video.ran':
    '{done} de {total} tentativas prontas, {charged} cobrados.{refused, plural, =0 {} other { # interrompidas pelo limite de gastos ou pelo saldo.}}',
  'cli.video.ranDemo':
    '{done} de {total} tentativas prontas; custariam {charged}, mas o simulador embutido as fez e nada foi cobrado.{refused, plural, =0 {} other { # interrompidas pelo limite de gastos ou pelo saldo.}}',
  'cli.video.noProject':
    'Não existe o projeto {id}. Execute “clearframe video status” para ver a lista.',
  'cli.video.project': '{name}  ({id})',
  'cli.video.shot': 'plano {position}  ({id})',
  'cli.video.shotTitled': 'plano {position} “{title}”  ({id})',
  'cli.video.spending':
    'Gasto {spent}; em andamento {inFlight}; na fila {queued} se tudo for executado.',
  'cli.video.nameFile': 'indique o arquivo CSV ou JSON a importar.',
  'cli.video.sayWhere': "diga para onde vão as tentativas: --project '<'id> ou --new '<'nome>.",
  'cli.video.importTotal': '{count, plural, one {# tentativa} other {# tentativas}}, {total}.',
  'cli.video.cannotAsk':
    'clearframe video import: nada foi colocado na fila. A entrada padrão não é um terminal, então o Clearframe não pode perguntar: adicione --yes para colocar estas tentativas na fila pelo custo mostrado.',
  'cli.video.askQueue':
    'Colocar {count, plural, one {# tentativa} other {# tentativas}} na fila por {total}?',
  'cli.video.nothingQueued': 'Nada foi colocado na fila.',
  'cli.video.queuedImport':
    '{count, plural, one {# tentativa colocada} other {# tentativas colocadas}} na fila no projeto {projectId}. “clearframe video run” as gera.',
  'cli.video.unknownSub': 'subcomando desconhecido “{name}”.',
  'cli.video.nameSub': 'indique um subcomando.',
  'cli.session.demo': 'Modo demo: usando o simulador embutido; nada é enviado ao serviço real.',
  'cli.session.simulator': 'o simulador embutido (modo demo)',
  'cli.session.unsaidService': 'um serviço que ele não informou',
  'cli.session.busy':
    '{holder} já está trabalhando na pasta de dados {folder}. Espere terminar (ou pare com Ctrl+C) e execute de novo.',
  'cli.session.otherService':
    '{holder} está usando a pasta de dados {folder} e envia as solicitações de {service} para {theirs}, enquanto este comando usaria {ours}, então não pode assumir estes trabalhos. Feche o app e execute de novo, ou faça os dois usarem o mesmo serviço (com --demo enquanto o app estiver no modo demo).',
  'cli.session.otherServiceDemo':
    '{holder} está usando a pasta de dados {folder} e envia as solicitações de {service} para {theirs}, enquanto este comando usaria {ours}, então não pode assumir estes trabalhos. Feche o app e execute de novo, ou faça os dois usarem o mesmo serviço (sem --demo).',
  'cli.session.noWatermarkKey':
    'Nenhum token de API de marca d’água está definido. Execute “clearframe key set watermark” (ou defina {variable}), ou adicione --demo para usar o simulador embutido.',
  'cli.session.noVideoKey':
    'Nenhuma chave de API de vídeo está definida. Execute “clearframe key set video” (ou defina {variable}), ou adicione --demo para usar o simulador embutido.',
  'cli.key.usage':
    'Uso: clearframe key set|test|clear watermark|video\n  set lê a chave da entrada padrão (sem mostrá-la em um terminal), para que ela nunca apareça\n  no histórico do shell nem na lista de processos.',
  'cli.key.noDemo': 'o simulador embutido não precisa de chave; tire o --demo.',
  'cli.key.removed':
    '{kind, select, watermark {O token de API de marca d’água foi removido} other {A chave de API de vídeo foi removida}} do chaveiro do sistema.',
  'cli.key.noneStored':
    '{kind, select, watermark {Nenhum token de API de marca d’água estava guardado.} other {Nenhuma chave de API de vídeo estava guardada.}}',
  'cli.key.paste':
    'Cole {kind, select, watermark {seu token de API de marca d’água} other {sua chave de API de vídeo}} e pressione Enter (nada é mostrado):',
  'cli.key.notSet':
    '{kind, select, watermark {nenhum token de API de marca d’água definido} other {nenhuma chave de API de vídeo definida}}. Execute “clearframe key set {kind}”.',
  // ── The agent door (clearframe mcp) and its allowance.
  'cli.summary.mcp': 'atende agentes de IA por MCP (stdio), dentro de uma cota diária',
  'cli.mcp.usage':
    'Uso: clearframe mcp [--credits-per-day=N] [--usd-per-day=X] [--demo] [--data-dir=DIR]\n  Um servidor MCP na entrada e saída padrão para agentes de IA (Claude Desktop, Claude Code…): encontrar a marca d’água, limpar imagens, orçar e enfileirar tentativas de vídeo, ver os trabalhos e os gastos.\n  As ferramentas pagas ficam dentro da cota diária definida nas Configurações (Cota diária do agente) ou por estas opções para este servidor; sem ela, nada pago é enviado.',
  'cli.mcp.badCredits': '{option} aceita um número inteiro de créditos, 0 ou mais.',
  'cli.mcp.badUsd': '{option} aceita um valor em USD, 0 ou mais.',
  'mcp.refused.credits':
    'Isso gastaria até {cost}, e a cota do agente tem {left} de {allowance} restantes hoje: nada foi enviado. Para permitir, aumente “Cota diária do agente” nas Configurações, ou inicie o servidor com --credits-per-day.',
  'mcp.refused.usd':
    'Esta tentativa custaria até {cost}, e a cota do agente tem {left} de {allowance} restantes hoje: nada foi enviado. Para permitir, aumente “Cota diária do agente” nas Configurações, ou inicie o servidor com --usd-per-day.',
  'mcp.asked.no':
    'A pessoa respondeu não na janela do Clearframe: nada foi enviado. Pergunte a ela antes de chamar de novo, ou peça que aumente “Cota diária do agente” nas Configurações.',
  'mcp.asked.noAnswer':
    'Ninguém respondeu na janela do Clearframe em {seconds, plural, one {# segundo} other {# segundos}}: nada foi enviado. Chame de novo quando alguém estiver lá para permitir, ou peça que aumentem “Cota diária do agente” nas Configurações.',
  'mcp.ledgerDamaged':
    'O arquivo de cota do agente {file} não pode ser lido, então nada pago é enviado. Verifique-o ou apague-o: a conta de hoje então recomeça do zero.',
  'mcp.round.needsProject':
    'Indique um projeto: o id dele (project) ou o nome de um novo (project_name). Nada foi enviado.',
  'mcp.round.needsLength':
    'Dê à tentativa uma duração em segundos: uma duração aberta não tem um preço ao qual a cota possa se ater. Nada foi enviado.',
  'mcp.round.lost':
    'Esta chamada já foi começada e pode ter enfileirado sua tentativa: veja as tentativas (clearframe video status) antes de repeti-la com uma nova intenção. Nada foi enviado agora.',
  'mcp.round.waits':
    'A tentativa está na fila atrás de {count, plural, one {# outra tentativa} other {# outras tentativas}} que o agente não enfileirou: o app ou “clearframe video run” envia todas, não o agente.',
  'settings.agentAllowance.credits': 'Cota diária do agente, créditos de marca d’água',
  'settings.agentAllowance.usd': 'Cota diária do agente, vídeo em USD',
  'settings.agentAllowance.hint':
    'O que um agente de IA conectado com “clearframe mcp” pode gastar por dia; com 0 ele não gasta nada.',
  // ── end of the agent door.
  // ── The agent's question in the window.
  'agentAsk.label': 'Uma pergunta de um agente de IA',
  'agentAsk.who': '{agent} pede para gastar além da cota diária do agente de hoje.',
  'agentAsk.whoUnnamed': 'Um agente de IA pede para gastar além da cota diária do agente de hoje.',
  'agentAsk.position': '{index} de {count}',
  'agentAsk.clean':
    'Enviar {images, plural, one {# imagem} other {# imagens}} ao serviço de marca d’água por no máximo {cost}?',
  'agentAsk.round':
    'Pôr na fila e enviar uma tentativa de vídeo de {seconds} segundos por cerca de {cost}?',
  'agentAsk.places': 'Imagens de: {places}',
  'agentAsk.morePlaces': '{places} e mais {more}',
  'agentAsk.prompt': 'Prompt: {prompt}',
  'agentAsk.hint': 'Nada é enviado antes do seu sim; um não recusa a chamada.',
  'agentAsk.yes': 'Sim, enviar',
  'agentAsk.no': 'Não',
  'agentAsk.gone': 'O agente tinha parado de esperar: nada foi enviado.',
  // ── end of the agent's question.
  'cli.summary.open': 'prepara arquivos e pastas na janela aberta do Clearframe',
  'cli.open.usage':
    'Uso: clearframe open CAMINHO... [--data-dir=PASTA]\n  Prepara as imagens e pastas na janela do Clearframe em execução, como se tivessem sido soltas ali.',
  'cli.open.nothing': 'indique pelo menos um arquivo ou pasta para abrir.',
  'cli.open.missing': '{path} não existe; foi deixado de fora.',
  'cli.open.notRunning':
    'O Clearframe não está aberto com a pasta de dados {folder}. Abra o Clearframe e execute isto de novo, ou limpe os arquivos daqui com “clearframe remove”.',
  'cli.open.commandHolds':
    '{holder} está usando a pasta de dados {folder}, não o app Clearframe. Abra o Clearframe quando isso terminar e execute isto de novo.',
  'cli.open.noAnswer':
    '{holder} não respondeu. Solte os arquivos na janela dele, ou reinicie o Clearframe e execute isto de novo.',
  'cli.open.sent':
    '{count, plural, one {# item foi entregue} other {# itens foram entregues}} à janela do Clearframe.',
  'cli.spending.head':
    'Gastos com vídeo, {projects}, {months} (meses no fuso horário deste computador):',
  'cli.spending.everyProject': 'todos os projetos',
  'cli.spending.project': 'projeto {id}',
  'cli.spending.everyMonth': 'todos os meses',
  'cli.spending.line':
    '{when}  {project}, plano {shot} tentativa {round}{prompt}  {cost}  {status}',
  'cli.spending.length': '{seconds} s × {rate} USD/s = {cost}',
  'cli.spending.removed': '{project} (removido)',
  'cli.spending.demo': 'demo: custaria, não cobrado',
  'cli.spending.charged': 'cobrado',
  'cli.spending.estimated': 'estimativa: o serviço não informou',
  'cli.spending.inFlight': 'enviado, não concluído: estimativa',
  'cli.spending.nothing': 'nada foi enviado ao serviço.',
  'cli.spending.byMonth': 'Por mês:',
  'cli.spending.byProject': 'Por projeto:',
  'cli.spending.row': '{name}: {sum}',
  'cli.spending.sum': '{spent} gastos, {inFlight} em tentativas enviadas e não concluídas',
  'cli.spending.sumWithDemo':
    '{spent} gastos, {inFlight} em tentativas enviadas e não concluídas; as tentativas de demo teriam custado {demo}',
  'cli.spending.total': 'Total: {sum}.',
  'cli.spending.saved':
    '{count, plural, one {# cobrança salva} other {# cobranças salvas}} em {path}',
  'cli.spending.savedWithDemo':
    '{count, plural, one {# cobrança salva} other {# cobranças salvas}} e {demo, plural, one {# tentativa de demo} other {# tentativas de demo}}, que ninguém cobrou, em {path}',
  'cli.spending.badMonth': '--month {month} não é um mês. {hint}',
  'cli.spending.noProject': '{problem} “clearframe video status” lista os projetos e seus ids.',
  'cli.masks.anchorValues': '--mask-anchor aceita um destes valores: {anchors}.',
  'cli.masks.rectForm':
    '{option} aceita x,y,largura,altura em pixels da imagem, como 1200,900,400,120.',
  'cli.masks.pixels':
    '--mask-grow e --mask-shrink aceitam um número inteiro de pixels de 1 a 1000.',
  'cli.masks.notBoth': 'informe --mask ou {other}, não os dois.',
  'cli.masks.anchorAlone':
    '--mask-anchor diz de onde --mask-rect ou --mask-clear-outside é medido: informe também um deles.',
  'cli.masks.saveNeedsAuto':
    '--save-masks grava as máscaras que --auto-mask encontra: adicione --auto-mask.',
  'cli.masks.toolsAlone':
    'as ferramentas de máscara alteram uma máscara: informe também --mask-rect, --mask ou --auto-mask.',
  'cli.masks.outside':
    '{file} tem {size}, e {rect} passa dos limites dela, então nada foi enviado. Informe um retângulo que caiba em todas as imagens, ou meça-o a partir do canto perto da marca d’água com --mask-anchor.',
  'cli.masks.outsideNeeds':
    '{file} tem {size}, e {rect} passa dos limites dela (precisa de pelo menos {needed}), então nada foi enviado. Informe um retângulo que caiba em todas as imagens, ou meça-o a partir do canto perto da marca d’água com --mask-anchor.',
  'cli.masks.ofSize': '{count, plural, one {# imagem} other {# imagens}} de {sizes}',
  'cli.masks.ofSizes':
    '{count, plural, one {# imagem} other {# imagens}} de {sizeCount} tamanhos, medidas a partir do canto {corner}',
  'cli.masks.none':
    'Nenhuma marca d’água em comum encontrada em {where}: elas são enviadas sem máscara.',
  'cli.masks.box': '{size} em {x},{y}',
  'cli.masks.found':
    'Marca d’água encontrada em {present} de {where}: {boxes} (a máscara cobre {share} da imagem).',
  'cli.masks.score': '{file} (pontuação {score})',
  'cli.masks.notOn': 'Ausente em {files}: enviado sem máscara.',
  'cli.masks.tooFew':
    '{files}: {reason} Com --mask-rect, {count, plural, one {ela recebe} other {elas recebem}} esse retângulo; sem ele, nenhuma máscara.',
  'cli.masks.empty':
    '{file}: as ferramentas de máscara deixam a máscara vazia, então nada foi enviado: reduza menos, ou limpe fora de um retângulo maior.',
  'cli.masks.refused':
    'Nenhuma marca d’água em comum em {where}: o que se destaca cobriria {share} de cada imagem, então não é usado; elas são enviadas sem máscara (indique uma com --mask ou --mask-rect).',
  'cli.masks.unsure':
    '{file}: {reason} Fica de fora e nada é enviado (informe uma máscara para ela com --mask ou --mask-rect).',
  'cli.masks.sayWhole':
    '{problem} Diga o que ela quer dizer: adicione --mask-whole para repintar cada imagem inteira, ou tire --mask e o serviço procura a marca d’água sozinho.',
  'cli.masks.askWhole': '{problem} Repintar cada imagem inteira com ela?',
  'cli.masks.wholeRefused':
    'Nada foi enviado. Tire --mask e o serviço procura a marca d’água sozinho, ou dê uma máscara que marque só a marca d’água.',
  'cli.masks.wholeNeedsMask':
    '--mask-whole diz o que um arquivo --mask quer dizer: dê também --mask.',
  'main.menu.checkForUpdates': 'Verificar atualizações…',
  'main.menu.file': 'Arquivo',
  'main.menu.openLogs': 'Abrir pasta de logs',
  'main.menu.help': 'Ajuda do Clearframe',
  'main.dialog.exportTakes': 'Exportar as tomadas do projeto',
  'main.dialog.spendingCsv': 'Salvar o CSV de gastos em',
  'main.dialog.importMask': 'Importar uma máscara',
  'main.dialog.chooseFolders': 'Escolher pastas de imagens',
  'main.dialog.images': 'Imagens',
  'main.dialog.referenceImage': 'Escolher uma imagem como referência',
  'main.dialog.exportMask': 'Exportar a máscara',
  'main.dialog.saveFilm': 'Salvar o filme em',
  'main.notice.batchFinished': 'O lote terminou.',
  'main.updates.latest': 'Clearframe {version} é a versão mais recente.',
  'main.updates.title': 'Atualização disponível',
  'main.updates.available': 'Clearframe {version} está disponível (você tem a {current}).',
  'main.updates.availableShort': 'Clearframe {version} está disponível.',
  'main.updates.install': 'Instalar e reiniciar',
  'main.updates.later': 'Depois',
  'main.updates.failed':
    'Não foi possível verificar atualizações. Confira sua conexão e tente de novo mais tarde.',
  'main.updates.offDevelopment': 'As atualizações ficam desligadas nas versões de desenvolvimento.',
  'main.updates.offDemo':
    'As atualizações ficam desligadas no modo demo; adicione uma chave para ligá-las.',
  'main.updates.offSetting': 'As atualizações estão desligadas nas Configurações.',
  'main.updates.noNotes': 'Sem notas da versão.',
  'cli.simulator.usage':
    'Uso: clearframe simulator [--port N]\n  Executa o substituto local do serviço até Ctrl+C (em qualquer porta livre, a menos que --port indique outra).',
  'cli.simulator.badPort': 'clearframe simulator: --port deve ser um número inteiro de 0 a 65535.',
  'cli.simulator.watermark': 'URL base de marcas d’água',
  'cli.simulator.video': 'URL base de vídeo',
  'cli.simulator.key': 'chave de demo',
  'cli.simulator.requestLog': 'registro de requisições',
  'cli.simulator.stop': 'Pressione Ctrl+C para parar.',
  'main.startFailure.title': 'Não foi possível iniciar o Clearframe',
  'main.startFailure.bodyNoLog':
    '{what}\n\nNenhum log pôde ser gravado, nem na pasta de dados nem na pasta temporária.\nInicie o Clearframe de novo; se falhar da mesma forma, copie esta mensagem no seu relato.',
  'main.startFailure.body':
    '{what}\n\nOs detalhes estão no registro: {logFile}\nTente iniciar o Clearframe de novo; se falhar do mesmo jeito, envie esse arquivo com o seu relato.',
  // ── end of Command line and main process.

  // ── Engine, jobs and clients: keys of their sentences go below this line.
  'core.api.parameter':
    'O serviço recusou a solicitação: {reason}. Altere a entrada e tente de novo.',
  'core.api.method':
    'O serviço recusou a forma como o Clearframe o chamou. Relate isso junto com os diagnósticos.',
  'core.api.authentication':
    'O serviço não aceitou a chave de API. Verifique-a ou substitua-a em Configurações.',
  'core.api.videoBalance':
    'O saldo da API de vídeo é insuficiente para esta solicitação. Recarregue o saldo na sua conta e tente de novo.',
  'core.api.watermarkCredits':
    'Não há créditos de marca d’água suficientes. Compre mais créditos na sua conta e tente de novo.',
  'core.api.rateLimited':
    'O serviço está ocupado e pediu ao Clearframe para ir mais devagar. Ele tentará de novo sozinho.',
  'core.api.server': 'O serviço teve um problema interno. Tente de novo em alguns minutos.',
  'core.api.network':
    'O Clearframe não conseguiu acessar o serviço. Verifique a conexão com a internet.',
  'core.api.timeout': 'O serviço não respondeu a tempo. Tente de novo mais tarde.',
  'core.api.aborted': 'Interrompido.',
  'core.api.unexpected':
    'O serviço enviou uma resposta que o Clearframe não entende. Tente de novo mais tarde.',
  'core.api.download':
    'Não foi possível baixar o resultado: {reason}. Use “Consultar de novo” para pedir ao serviço um link novo (grátis); nada é enviado de novo.',
  'core.api.proxyUnusableSystem':
    'As configurações de proxy do sistema enviam as conexões para {host} por {named}, que o Clearframe não consegue usar. O Clearframe funciona apenas com proxies HTTP e HTTPS: adicione um às configurações de proxy do sistema ou defina HTTPS_PROXY com um (http://host:porta) e tente de novo.',
  'core.api.proxySocks': 'um proxy SOCKS ({address})',
  'core.api.proxyUnknownKind': 'um proxy de um tipo desconhecido (“{entry}”)',
  'core.api.proxyNotAddress':
    '{variable} não é um endereço de proxy. O Clearframe funciona apenas com proxies HTTP e HTTPS: adicione um às configurações de proxy do sistema ou defina HTTPS_PROXY com um (http://host:porta) e abra o Clearframe de novo.',
  'core.api.proxyUnusableVariable':
    '{variable} indica {scheme, select, socks {um proxy SOCKS} other {um endereço {scheme}}} ({host}), que o Clearframe não consegue usar. O Clearframe funciona apenas com proxies HTTP e HTTPS: adicione um às configurações de proxy do sistema ou defina HTTPS_PROXY com um (http://host:porta) e abra o Clearframe de novo.',
  'core.api.proxyCredentials':
    'O proxy pede um nome de usuário e uma senha. Coloque-os no endereço do proxy (http://user:password@host:port) em HTTPS_PROXY ou nas configurações de proxy do sistema e tente de novo.',
  'core.api.proxyRefused':
    'O proxy não quis abrir uma conexão com o serviço (respondeu HTTP {status}). Verifique as configurações do proxy ou peça a quem o administra que libere o endereço do serviço.',
  'core.api.deadline': 'a tarefa não terminou em {minutes} minutos',
  'core.jobs.stoppedWaiting':
    'O Clearframe parou de esperar: {reason}. O serviço ainda guarda a tarefa; use “Consultar de novo” mais tarde para pedi-la (grátis). “Enviar de novo” cobraria outra vez.',
  'core.jobs.unknownStatus':
    'O serviço respondeu com um status que o Clearframe não conhece (“{status}”) até parar de esperar. O serviço ainda guarda a tarefa; use “Consultar de novo” mais tarde para pedi-la (grátis). “Enviar de novo” cobraria outra vez.',
  'core.jobs.linkGone':
    '{what, select, clip {O link do clipe} other {O link do resultado}} parou de funcionar e, consultado de novo, o serviço respondeu “{status}” sem link novo. Use “Consultar de novo” mais tarde (grátis); “Enviar de novo” cobraria outra vez.',
  'core.import.cannotRead':
    'O Clearframe não consegue ler {name}: {why, select, missing {esse arquivo não existe} folder {é uma pasta} denied {você não tem permissão para abri-lo} other {ele não pode ser lido}}. Verifique o nome e se você pode abrir o arquivo, e importe-o de novo.',
  'core.import.notText':
    '{name} não é um arquivo de texto. Salve as tentativas como CSV (numa planilha: Arquivo, Salvar como, CSV) ou como JSON e importe esse arquivo.',
  'core.import.columnList': '{first} e {last}',
  'core.import.empty':
    '{name} não contém tentativas. Dê uma linha a cada tentativa, com uma linha de cabeçalho que nomeie as colunas ({columns}), ou uma lista JSON de tentativas.',
  'core.import.badCsv':
    '{name} não é um arquivo CSV que o Clearframe consiga ler{line, select, none {} other { (linha {line})}}: {detail}. Cada linha precisa de tantos campos quanto o cabeçalho, e um campo com vírgula ou quebra de linha vai entre aspas duplas.',
  'core.import.unknownColumn':
    '{name} tem uma coluna que o Clearframe não lê: {found}. As colunas são {columns}; renomeie ou remova essa coluna.',
  'core.import.noPrompt':
    '{name} não tem a coluna “prompt”. A primeira linha nomeia as colunas ({columns}); cada tentativa precisa de um prompt.',
  'core.import.badJson':
    '{name} não é um JSON válido ({detail}). Corrija-o ou salve as tentativas como CSV.',
  'core.import.notList':
    '{name} deve conter uma lista JSON de tentativas, como [\'{\'"prompt": "gaivotas sobre o porto", "duration": 5\'}\'].',
  'core.import.notCsvOrJson':
    '{name} não é um arquivo CSV nem JSON. As tentativas são importadas de um arquivo .csv (uma planilha salva como CSV) ou de um arquivo .json.',
  'core.import.rowLabel': 'Linha {line}',
  'core.import.roundLabel': 'Tentativa {index} (linha {line})',
  'core.import.shot':
    '{titled, select, true {Plano {position} “{title}”} other {Plano {position}}}{isNew, select, true { (novo)} other {}}',
  'core.import.refused':
    'Nada foi colocado na fila a partir de {file}: {rows, plural, one {uma tentativa viola} other {# tentativas violam}} uma regra. {problems} Corrija o arquivo e importe-o de novo.',
  'core.import.projectGone': 'Esse projeto não existe mais; escolha outro.',
  'core.rounds.noShot': 'Não existe o plano {shot}.',
  'core.rounds.noRound': 'Não existe a tentativa {round}.',
  'core.rounds.malformed': 'A solicitação está malformada ({detail}).',
  'core.rounds.refused':
    'Esta tentativa não pode ser enviada como está. {problems} Nada foi cobrado.',
  'core.rounds.notFinished':
    'Esta tentativa ainda não terminou; estenda-a quando o clipe estiver pronto.',
  'core.rounds.noLastFrame':
    'Esta tentativa foi feita sem “retornar o último quadro”, então o serviço não guardou nenhum quadro para continuar. Estenda-a na janela, que pega o último quadro do clipe, ou comece a próxima tentativa com uma imagem sua.',
  'core.rounds.needsAsset':
    'O serviço só aceita um vídeo de referência como recurso enviado (asset://…), e este clipe voltou como link de download. Envie {clip} para a sua conta no site do provedor e informe aqui o endereço asset:// dele; ou use “Estender a partir do último quadro”, que não precisa de envio.',
  'core.rounds.theClip': 'o clipe',
  'core.rounds.frameUnreadable':
    'O quadro tirado do clipe não é uma imagem que o Clearframe consiga ler: reproduza o clipe uma vez e estenda-o de novo.',
  'core.rounds.frameSize':
    'O quadro tirado do clipe tem {frame} e o clipe {clip}: estenda-o de novo.',
  'core.rounds.noProjectHere': 'Não existe o projeto {project} nesta pasta de dados.',
  'core.rounds.nameProject': 'Dê um nome ao projeto.',
  'core.rounds.gone':
    '{kind, select, project {Esse projeto} shot {Esse plano} other {Essa tentativa}} não existe mais.',
  'core.rounds.stillOpen':
    '{kind, select, project {{count, plural, one {Uma tentativa deste projeto ainda está na fila, em andamento ou aguardando a sua decisão: cancele-a ou deixe-a terminar e depois remova o projeto.} other {# tentativas deste projeto ainda estão na fila, em andamento ou aguardando a sua decisão: cancele-as ou deixe-as terminar e depois remova o projeto.}}} shot {{count, plural, one {Uma tentativa deste plano ainda está na fila, em andamento ou aguardando a sua decisão: cancele-a ou deixe-a terminar e depois remova o plano.} other {# tentativas deste plano ainda estão na fila, em andamento ou aguardando a sua decisão: cancele-as ou deixe-as terminar e depois remova o plano.}}} other {{count, plural, one {Esta tentativa ainda está na fila, em andamento ou aguardando a sua decisão: cancele-a ou deixe-a terminar e depois remova-a.} other {# tentativas ainda estão na fila, em andamento ou aguardando a sua decisão: cancele-as ou deixe-as terminar e depois remova a tentativa.}}}}',
  'core.rounds.notThisShot': 'Essa tentativa não é deste plano.',
  'core.rounds.takeNeedsClip':
    'Só uma tentativa concluída, com o seu clipe, pode ser a tomada do plano.',
  'core.rounds.promptUnknown':
    'A tentativa {position} foi adicionada a partir da lista de tarefas do serviço, então o prompt dela não é conhecido aqui, e o Clearframe não vai pagar por um substituto. Escreva o prompt no editor de tentativas (“Escrever prompt…” preenche o resto) e coloque-a na fila.',
  'core.rounds.roundGone': 'Essa tentativa não existe mais.',
  'core.rounds.taskInShot': 'Essa tarefa já está em um plano.',
  'core.watermark.maskFileGone':
    'Não é possível ler o arquivo de máscara {file}; verifique se ele ainda existe e tente de novo.',
  'core.watermark.noMeasurement':
    '{name} foi colocado na fila para este computador sem uma medição da marca d’água: encontre a marca d’água de novo ou envie a imagem ao serviço.',
  'core.jobs.roundUnknownOutcome':
    'A conexão caiu enquanto esta tentativa era enviada, e o serviço não lista nenhuma tarefa que seja claramente ela, então ela pode ou não ter sido cobrada. Verifique a sua conta e depois envie-a de novo ou cancele-a.',
  'core.jobs.roundUnknownOutcomeDamaged':
    'O envio foi interrompido, então ela pode ou não ter sido cobrada, e sem a solicitação nenhuma tarefa do serviço pode ser identificada como ela. Verifique a sua conta e depois escreva a tentativa de novo (“Escrever prompt…” no app).',
  'core.jobs.imageUnknownOutcome':
    'O serviço pode ter recebido esta imagem antes de a conexão cair, então talvez já tenha usado um crédito. Envie-a de novo só se você aceitar isso.',
  'core.jobs.roundReported': 'O serviço informou a tentativa como {status}.',
  'core.jobs.noVideo': 'O serviço concluiu a tentativa, mas não entregou nenhum vídeo.',
  'core.clips.refused':
    '{reason, select, noVideo {{name} não tem faixa de vídeo.} noEncoder {Este computador não consegue codificar {name} no tamanho dele: não há H.264 nem VP9.} soundContainer {O som de {name} não cabe em um arquivo WebM, e este computador não consegue gravar H.264 em MP4.} noMark {Nenhuma marca fica parada durante todo o {name}: uma marca que se move, ou muda de lugar de uma cena para outra, não pode ser tirada de um clipe.} markTooLarge {O que fica parado em {name} cobre imagem demais para ser um logotipo: é uma tomada fixa ou uma borda?} markMoves {A marca de {name} fica num lugar em uma cena e em outro lugar em outra: corte o clipe na troca de cena e solte cada parte separadamente.} tooFewFrames {{name} é curto ou parado demais para encontrar a marca: são necessárias pelo menos 60 imagens diferentes.} pixelFormat {As imagens de {name} não estão em 8 bits 4:2:0, o único formato de imagem que a limpeza lê.} other {Não foi possível limpar {name}.}}',
  'core.clips.lost': 'O clipe limpo de {name} se perdeu antes de ser salvo: execute-o de novo.',
  'core.clips.failed':
    'A limpeza de {name} parou na janela ({detail}). Tente de novo: as partes já limpas são mantidas; se parar outra vez, abra o clipe em um player para conferir se ele toca até o fim.',
  'core.clips.segmentsDamaged':
    'O registro das partes já limpas de {name} estava danificado, então ele está sendo limpo de novo desde a primeira imagem em vez de ser salvo com defeito.',
  'core.clips.stopped': 'A limpeza do clipe parou; nada foi salvo com o nome dele.',
  'core.jobs.imageReported': 'O serviço informou {status}.',
  'core.jobs.failedOnService': '{reason} “Enviar de novo” paga uma nova tentativa.',
  'core.jobs.damagedRecord':
    'O registro do Clearframe {what, select, image {desta imagem} other {desta tentativa}} está danificado: {problem}. {advice}',
  'core.jobs.damagedImageAdvice':
    'Nada mais é enviado por ela: cancele-a e adicione a imagem de novo.',
  'core.jobs.damagedRequestAdvice':
    'Ela não é enviada como está: escreva a tentativa de novo (“Escrever prompt…” no app).',
  'core.jobs.damagedClipsAdvice':
    'Os clipes dela, se gerou algum, continuam onde foram salvos; para continuar a partir dela, escreva uma nova tentativa.',
  'core.jobs.storedNotJson': 'o campo {source} não é um JSON válido ({detail})',
  'core.jobs.storedWrongShape':
    'o campo {source} não contém o que o Clearframe escreve ali ({detail})',
  'core.jobs.storedUnexpected': 'valor inesperado',
  'core.jobs.databaseDamaged':
    'O banco de dados de trabalhos está danificado ({detail}). O Clearframe pode deixá-lo de lado e começar com uma fila vazia; as suas imagens e resultados no disco não são tocados.',
  'core.jobs.ownResult': 'Este é um resultado que o Clearframe gravou (a partir de {source}).',
  'core.jobs.ownResultCopy':
    'Esta é uma cópia de um resultado que o Clearframe gravou (a partir de {source}).',
  'core.jobs.alreadyCleaned':
    'Ela já foi limpa com a mesma máscara (resultado: {result}), então não é enviada de novo.',
  'core.jobs.cleanedBefore':
    'Já foi limpa ({when}) em {result}. Com a mesma máscara não é enviada de novo, a menos que você escolha “limpar de novo”.',
  'core.jobs.roundPollingStopped':
    'A consulta parou. O serviço ainda pode concluir esta tentativa e cobrá-la.',
  'core.jobs.imagePollingStopped':
    'A consulta parou. O serviço ainda pode processar esta imagem e usar um crédito.',
  'core.fetch.plainHttp': 'http sem criptografia para {host} não é baixado, só https',
  'core.fetch.scheme': 'só endereços http e https são baixados, não {scheme}',
  'core.fetch.noLocation': 'o servidor respondeu HTTP {status} sem dizer para onde ir',
  'core.fetch.tooManyRedirects': 'o link redirecionou mais de {max} vezes',
  'core.fetch.badRedirect': 'o link redirecionou para um endereço inválido',
  'core.fetch.downgrade':
    'o link redirecionou de https para http sem criptografia ({host}), o que não é seguido',
  'core.fetch.redirectedElsewhere': 'o link redirecionou para outro lugar: {problem}',
  'core.fetch.notPlainName': '“{name}” não é um nome de arquivo simples',
  'core.fetch.outside': '“{name}” seria gravado fora de {folder}',
  'core.fetch.incomplete': 'a transferência não foi concluída',
  'core.fetch.gone': 'o resultado não está mais no servidor (HTTP {status})',
  'core.fetch.expired': 'o link do resultado expirou ou foi recusado (HTTP 403)',
  'core.fetch.serverAnswered': 'o servidor do resultado respondeu HTTP {status}',
  'core.fetch.tooBig': 'o resultado tem {bytes} bytes, mais que os {max} bytes permitidos',
  'core.fetch.grewTooBig': 'o resultado passou dos {max} bytes permitidos',
  'core.import.referencesList':
    'as referências devem ser uma lista de endereços, como ["image=https://…"]',
  'core.import.referenceType':
    'diga o que é a referência {number}: escreva image=, video= ou audio= antes do endereço',
  'core.import.referenceOneAddress':
    'a referência {number} precisa de um único endereço; separe as referências com |',
  'core.import.referenceLocalFile':
    'a referência {number} é um arquivo deste computador ({url}), e o serviço só aceita referências por endereço: envie-o para a sua conta no site do provedor e informe o endereço asset:// dele (acrescente “from {url}” depois para que ele seja verificado aqui)',
  'core.import.referenceNotAddress':
    'a referência {number}, {url}, não é um endereço (asset:// ou https://) e também não existe esse arquivo',
  'core.import.referenceNoFile':
    'a referência {number} cita o arquivo {file}, que não existe: corrija o nome ou retire “from …”',
  'core.import.referenceFileProblem': 'arquivo {file} da referência {number}: {problem}',
  'core.import.referenceProblem': 'referência {number}: {problem}',
  'core.import.referenceUnreadable':
    'o arquivo {file} da referência {number} não pôde ser lido como {type, select, video {vídeo} other {som}}: cite o arquivo de onde ela foi enviada ou retire “from …”',
  'core.import.durationWhole':
    'a duração deve ser um número inteiro de segundos, como {example}; “{given}” não é',
  'core.import.notObject':
    'cada tentativa deve ser um objeto com um prompt, como \'{\'"prompt": "gaivotas sobre o porto"\'}\'',
  'core.import.unknownField': 'o Clearframe não lê o campo “{field}” ({columns})',
  'core.import.unknownKind': 'o Clearframe não conhece o tipo “{kind}”; use {kinds}',
  // ── end of Engine, jobs and clients.

  // ── Engine, media, files, keys and settings: keys of their sentences go below this line.
  'core.intake.notAnImage':
    'Este arquivo não é uma imagem, diga o nome o que disser. Adicione um arquivo JPEG, PNG, WebP, AVIF, HEIC, TIFF ou GIF.',
  'core.intake.unsupported':
    'Imagens {type} não são aceitas. Converta-a para PNG ou JPEG e adicione-a de novo.',
  'core.intake.gone':
    'O arquivo não está mais lá: ele pode ter sido movido, renomeado ou excluído. Adicione-o de novo de onde ele está agora.',
  'core.intake.unreadable':
    'Não é possível ler o arquivo ({why}). Verifique se o Clearframe pode abri-lo e adicione-o de novo.',
  'core.intake.empty': 'O arquivo está vazio. Verifique se a cópia terminou e adicione-o de novo.',
  'core.intake.corrupt':
    'A imagem está danificada ou incompleta e não pode ser lida. Abra-a em outro programa para verificá-la e adicione-a de novo.',
  'core.intake.noSize':
    'A imagem não tem tamanho. Ela pode estar danificada; adicione outra cópia.',
  'core.intake.tooManyPixels':
    'A imagem tem {megapixels} megapixels, mais que os {limit} permitidos. Aumente o limite nas Configurações ou escolha reduzir imagens grandes.',
  'core.probe.unreadable':
    'Não é possível ler o arquivo. Verifique se ele existe e se você pode abri-lo.',
  'core.probe.damaged': 'A imagem está danificada ou incompleta e não pode ser lida.',
  'core.probe.cutShort':
    'A imagem está danificada ou incompleta: nem todos os seus pixels podem ser lidos. Abra-a em outro programa para verificá-la, ou copie-a de novo.',
  'core.maskImport.unreadable':
    'O arquivo de máscara não pode ser lido como imagem. Exporte-o como PNG e tente de novo.',
  'core.maskImport.otherShape':
    'A máscara tem {mask}, mas a imagem tem {image}, outra proporção. Exporte a máscara no tamanho da imagem.',
  'core.maskImport.marksNothing':
    'A máscara não marca nada: pinte as áreas a remover de branco (ou de qualquer cor) sobre preto.',
  'core.maskImport.mostlyMarked':
    'A máscara cobre {percent} % da imagem, então a maior parte dela será repintada. Verifique se ela não está invertida.',
  'core.maskImport.allWhite':
    'A máscara é toda branca: como máscara de branco sobre preto ela marca a imagem inteira, mas pela regra do serviço (o branco não marca nada) ela não marca nada.',
  'core.maskImport.allMarked':
    'A máscara marca cada pixel: a imagem inteira seria repintada, não só a marca d’água.',
  'core.unblend.otherSize':
    '{file} tem {size} pixels, mas a marca d’água foi medida em imagens de {measured}: envie-a ao serviço ou procure a marca d’água de novo com ela entre as imagens.',
  'core.unblend.estimateMissing':
    'A medição da marca d’água ({file}) não foi encontrada: procure a marca d’água de novo ou envie estas imagens ao serviço.',
  'core.unblend.estimateDamaged':
    'A medição da marca d’água ({file}) está danificada ({why}): procure a marca d’água de novo ou envie estas imagens ao serviço.',
  // Watermark profiles (issue #39).
  'core.profiles.noFile':
    'O arquivo {file} não existe: confira o caminho ou informe o nome de um perfil salvo.',
  'core.profiles.unreadable':
    '{file} não é um perfil de marca d’água que este Clearframe consiga ler (danificado, incompleto ou criado por outro programa ou versão): exporte-o de novo no Clearframe que o criou, ou procure a marca d’água de novo e salve um perfil novo.',
  'core.profiles.unknown':
    'Não há perfil de marca d’água chamado “{name}” nem arquivo com esse nome: salve um depois de “Encontrar a marca d’água” ou informe o caminho de um perfil exportado.',
  'core.profiles.exists':
    'Já existe um perfil chamado “{name}”: escolha outro nome ou apague esse primeiro.',
  'core.profiles.doesNotFit':
    'A marca do perfil “{name}”, medida em imagens de {measured}, não cabe nesta imagem de {size}: marque-a à mão ou procure a marca d’água em um lote do mesmo tamanho.',
  'ipc.problem.profileName': 'Dê ao perfil um nome de 1 a 80 caracteres, sem / \\ : * ? " < > |.',
  'cli.profile.usage':
    '  --profile name|file\n                      limpar cada imagem neste computador, de graça, com um perfil de marca\n                      d’água salvo (pelo nome) ou exportado (pelo arquivo); as imagens em que\n                      a marca não cabe são citadas e deixadas de fora',
  'cli.profile.conflict':
    '--profile traz a própria máscara e o próprio mecanismo: tire --auto-mask, --mask, --mask-rect e --engine service.',
  'cli.profile.using':
    'Perfil “{name}”: a marca medida em {count, plural, one {# imagem} other {# imagens}} de {size}, limpa neste computador, de graça.',
  'core.profiles.findAgain':
    'A medição da marca d’água não está mais guardada: procure a marca d’água de novo e depois salve o perfil.',
  'cli.summary.watch': 'limpa cada imagem nova de uma pasta com um perfil de marca d’água',
  'cli.watch.usage':
    'Uso: clearframe watch [PASTA --profile=NOME|ARQUIVO [--recursive] [--engine=local|service --credits-per-day=N]] [--list] [--pause PASTA] [--forget PASTA] [--json] [--demo] [--data-dir=PASTA]\n  Adiciona PASTA às pastas observadas (guardadas na pasta de dados) e observa todas até Ctrl+C: cada imagem nova é limpa uma vez com o perfil quando termina de chegar, e os resultados vão para onde as configurações de saída dizem. Sem PASTA, a lista é retomada como está; imagens já limpas não são limpas de novo.\n  --engine service as envia ao serviço pago com a marca do perfil como máscara, no máximo --credits-per-day créditos por dia; passado isso, a observação para com um aviso.',
  'cli.watch.noFolder': '{folder} não é uma pasta: informe a pasta a observar.',
  'cli.watch.noProfile':
    'informe o perfil de marca d’água para limpar: --profile NOME ou --profile ARQUIVO.',
  'cli.watch.badEngine': '--engine aceita local ou service.',
  'cli.watch.needsLimit':
    'a observação paga precisa de um limite por dia: adicione --credits-per-day N (o máximo de créditos que ela pode gastar em um dia).',
  'cli.watch.oneFolder': 'informe uma pasta de cada vez.',
  'cli.watch.notWatched':
    '{folder} não é observada; clearframe watch --list mostra as pastas observadas.',
  'cli.watch.forgotten': '{folder} não é mais observada. Os resultados ficam onde estão.',
  'cli.watch.paused':
    'A observação de {folder} está pausada. Execute clearframe watch {folder} --profile NOME para retomá-la.',
  'cli.watch.none':
    'Nenhuma pasta é observada. Adicione uma com: clearframe watch PASTA --profile NOME',
  'cli.watch.line':
    '{folder}: perfil “{profile}”{recursive, select, yes {, com as subpastas} other {}}, {engine, select, service {pago, {spent} de {limit} créditos gastos hoje} other {neste computador, grátis}}{paused, select, yes { (pausada)} other {}}',
  'cli.watch.appHolds':
    'O app Clearframe está usando a pasta de dados {folder}. Feche-o e execute clearframe watch de novo.',
  'cli.watch.skipped': '{file} não foi pego: {reason}',
  'cli.watch.watching':
    'Observando {folder}: cada imagem nova é limpa com o perfil “{profile}” neste computador, de graça. Pressione Ctrl+C para parar.',
  'cli.watch.watchingPaid':
    'Observando {folder}: cada imagem nova é enviada ao serviço com o perfil “{profile}”, no máximo {limit, plural, one {# crédito} other {# créditos}} por dia. Pressione Ctrl+C para parar.',
  'cli.watch.notStarted': '{folder} não é observada desta vez: {problem}',
  'core.watch.listDamaged':
    'A lista de pastas observadas ({file}) não pode ser lida. Apague esse arquivo e adicione as pastas de novo com clearframe watch.',
  'core.watch.limitReached':
    'A observação de {folder} parou: o limite de hoje de {limit, plural, one {# crédito} other {# créditos}} acabou, e nada mais é enviado hoje. {waiting, plural, one {# imagem espera} other {# imagens esperam}}; aumente o limite com --credits-per-day ou execute clearframe watch de novo amanhã.',
  // Watched folders in the window (#39).
  'core.watch.limitReachedApp':
    'A observação de {folder} parou por hoje: o limite de hoje de {limit, plural, one {# crédito} other {# créditos}} acabou, e nada mais é enviado hoje. {waiting, plural, one {# imagem espera} other {# imagens esperam}}: serão pegas amanhã dentro do limite do dia, ou agora se você adicionar a pasta de novo com um limite maior.',
  'core.watch.noFolder': '{folder} não é uma pasta: escolha de novo a pasta a observar.',
  'core.watch.needsLimit':
    'A observação paga precisa de um limite por dia: informe o máximo de créditos que ela pode gastar em um dia.',
  'core.watch.notWatched':
    '{folder} não é mais observada (foi esquecida nesse meio-tempo): adicione-a de novo para observá-la.',
  'core.watch.notStarted': 'Não observada agora: {problem}',
  'core.watch.leftOut': '{name} não é pego: {reason}',
  'core.watch.notReserved':
    'Os créditos de {count, plural, one {# imagem} other {# imagens}} em {folder} não puderam ser reservados, porque a lista de pastas observadas mudou nesse meio-tempo (outro processo gastou do limite de hoje, ou a observação foi alterada): nada foi enviado por elas, e elas serão vistas de novo em instantes.',
  'core.watch.stayedEmpty':
    'Ele continua vazio (0 bytes) desde que apareceu: copie-o de novo ou apague-o.',
  'watches.summary':
    'Pastas observadas: {count, plural, =0 {nenhuma} one {# pasta} other {# pastas}}',
  'watches.empty':
    'Nenhuma pasta é observada. Adicione uma abaixo: cada imagem nova que termina de chegar nela é limpa com um perfil, e o resultado vai para onde as configurações de saída dizem.',
  'watches.needProfile':
    'Para observar uma pasta, primeiro salve um perfil de marca d’água (Perfis de marca d’água, acima).',
  'watches.line':
    'perfil “{profile}”{recursive, select, yes {, com as subpastas} other {}} · {engine, select, service {pago: {spent} de {limit} créditos gastos hoje} other {neste computador, grátis}}',
  'watches.watching': 'Observando',
  'watches.paused': 'Pausada: imagens novas não são pegas',
  'watches.notRunning': 'Não observada agora: veja a nota abaixo',
  'watches.pause': 'Pausar',
  'watches.resume': 'Retomar',
  'watches.forget': 'Esquecer',
  'watches.recent': 'Últimos arquivos pegos de {folder}',
  'watches.fileLine': '{name} — {status}',
  'watches.needsLook': 'Precisa de uma olhada: {why}',
  'watches.failedStatus': '{state}: {error}',
  'watches.addTitle': 'Observar uma pasta',
  'watches.folder': 'Pasta a observar',
  'watches.noFolderYet': 'Nenhuma pasta escolhida ainda',
  'watches.chooseFolder': 'Escolher uma pasta…',
  'watches.profile': 'Limpar com o perfil',
  'watches.recursive': 'Incluir as subpastas',
  'watches.engine': 'Quem limpa',
  'watches.engineLocal': 'Neste computador — grátis',
  'watches.engineService': 'O serviço — pago, dentro de um limite por dia',
  'watches.limit': 'Máximo de créditos por dia',
  'watches.cost':
    'Cada imagem custa {cost, plural, one {# crédito} other {# créditos}}. Informe o máximo de créditos por dia: nada é enviado além disso.',
  'watches.costWithLimit':
    'Cada imagem custa {cost, plural, one {# crédito} other {# créditos}}: no máximo {limit, plural, one {# crédito} other {# créditos}} por dia, ou seja, {images, plural, one {# imagem} other {# imagens}}; depois disso a observação espera o dia seguinte.',
  'watches.add': 'Observar esta pasta',
  'main.dialog.profiles': 'Perfis de marca d’água',
  'main.dialog.exportProfile': 'Exportar o perfil de marca d’água',
  'main.dialog.importProfile': 'Importar um perfil de marca d’água',
  'profiles.summary':
    'Perfis de marca d’água: {count, plural, =0 {nenhum ainda} one {# salvo} other {# salvos}}',
  'profiles.saveLabel': 'Salvar a marca d’água medida como perfil',
  'profiles.namePlaceholder': 'Nome, p. ex. Logo do estúdio',
  'profiles.save': 'Salvar',
  'profiles.empty':
    'Nenhum perfil ainda. Quando “Encontrar a marca d’água” tiver medido uma marca para este computador, salve-a aqui: imagens posteriores com a mesma marca serão limpas de graça, sem lote.',
  'profiles.line':
    '{size} · medida em {count, plural, one {# imagem} other {# imagens}} · {placement, select, topLeft {canto superior esquerdo} topRight {canto superior direito} bottomLeft {canto inferior esquerdo} bottomRight {canto inferior direito} other {só este tamanho}}',
  'profiles.use': 'Usar nas imagens preparadas',
  'profiles.export': 'Exportar…',
  'profiles.delete': 'Apagar',
  'profiles.import': 'Importar um perfil…',
  'profiles.used':
    '{count, plural, one {# imagem preparada recebe} other {# imagens preparadas recebem}} o perfil “{name}”: Iniciar {count, plural, one {a} other {as}} limpa neste computador, de graça.',
  'profiles.leftOut': '{name}: {reason}',
  'profiles.saved': 'Perfil “{name}” salvo.',
  'profiles.exported': 'Exportado para {path}.',
  'profiles.imported': 'Perfil “{name}” importado.',
  'core.film.notVideo':
    'O clipe de {label} não pôde ser lido como vídeo: refaça essa tomada ou escolha outra.',
  'core.film.clipGone':
    'O clipe de {label} não está mais em {file}: coloque-o de volta ou escolha outra tomada.',
  'core.film.changed': 'O clipe de {label} mudou enquanto era unido: tente de novo.',
  'core.film.nothing': 'Não há nada para unir: faça primeiro uma tomada de um plano.',
  'core.film.damagedSettings':
    'O clipe de {clip} tem configurações H.264 danificadas: refaça essa tomada ou escolha outra.',
  'core.film.unknownCodec': 'desconhecido',
  'core.film.otherFormat':
    'Estas tomadas não podem ser unidas sem recodificar: o clipe de {clip} é {theirs} e o de {first}, {ours}; faça as tomadas no mesmo formato de vídeo ou escolha tomadas que estejam nele.',
  'core.film.otherSize':
    'Estas tomadas não podem ser unidas sem recodificar: o clipe de {clip} tem {theirs} e o de {first}, {ours}; faça as tomadas na mesma resolução (mesma proporção e qualidade) ou escolha tomadas que estejam nela.',
  'core.film.otherTurn':
    'Estas tomadas não podem ser unidas sem recodificar: o clipe de {clip} está girado {theirs}° e o de {first}, {ours}°; escolha tomadas giradas igualmente.',
  'core.film.otherColour':
    'Estas tomadas não podem ser unidas sem recodificar: o clipe de {clip} tem {theirs} e o de {first}, {ours}; faça as tomadas com as mesmas configurações de cor ou escolha tomadas que as tenham.',
  'core.film.colourRange':
    '{full, select, true {cor de faixa completa} other {cor de faixa limitada}}',
  'core.film.colourMatrix': 'a matriz de cor {value}',
  'core.film.colourPrimaries': 'as primárias de cor {value}',
  'core.film.colourTransfer': 'a curva de transferência {value}',
  'core.film.otherRate':
    'Estas tomadas não podem ser unidas sem recodificar: o clipe de {clip} roda a {theirs} quadros por segundo e o de {first}, a {ours}; faça as tomadas com a mesma taxa de quadros ou escolha tomadas que a tenham.',
  'core.film.soundOnlyHere':
    'Estas tomadas não podem ser unidas sem recodificar: o clipe de {clip} tem som e o de {first} não; faça todas as tomadas com som ou todas sem, ou escolha tomadas assim.',
  'core.film.soundOnlyThere':
    'Estas tomadas não podem ser unidas sem recodificar: o clipe de {clip} não tem som e o de {first} tem; faça todas as tomadas com som ou todas sem, ou escolha tomadas assim.',
  'core.film.soundEncoding':
    'Estas tomadas não podem ser unidas sem recodificar: o som do clipe de {clip} está codificado com outras configurações que o de {first}; faça as tomadas com as mesmas configurações de som ou escolha tomadas que as tenham.',
  'core.film.otherSound':
    'Estas tomadas não podem ser unidas sem recodificar: o clipe de {clip} tem {theirs} e o de {first}, {ours}; faça as tomadas com as mesmas configurações de som ou escolha tomadas que as tenham.',
  'core.film.sound':
    'som {codec} a {rate} Hz em {channels, plural, one {# canal} other {# canais}}',
  'core.files.diskFull':
    'O disco que contém {folder} está cheio: libere espaço nele ou escolha outra pasta e depois {again}.',
  'core.files.notWritable':
    'O Clearframe não pode gravar em {folder}: escolha outra pasta e depois {again}.',
  'core.files.noFreeName': 'Nenhum nome livre foi encontrado para {what} em {folder}.',
  'core.keys.cannotSave': 'Não é possível salvar a chave: {why}',
  'core.lock.holderApp': 'o app Clearframe (pid {pid}, desde {since})',
  'core.lock.holderCommand': '“{command}” (pid {pid}, desde {since})',
  'core.settings.newer':
    'elas foram salvas por um Clearframe mais novo (versão das configurações {version}; este só conhece a versão {known})',
  'core.settings.noMigration':
    'este Clearframe não consegue ler a versão {version} das configurações',
  'core.settings.setAside':
    'Não foi possível ler suas configurações ({why}), então os padrões estão em uso. O arquivo antigo foi guardado como {aside}.',
  'core.settings.leftInPlace':
    'Não foi possível ler suas configurações ({why}), então os padrões estão em uso. O arquivo foi deixado como está, em {file}; as configurações não podem ser salvas até que ele possa ser lido ou seja removido.',
  'core.settings.keptInPlace': '{file} não pôde ser lido ({why}) nem posto de lado ({whyNotMoved})',
  'core.settings.cannotSave':
    'Não é possível salvar as configurações: {why}. Torne-o legível ou mova-o para outro lugar e reinicie o Clearframe.',
  'core.settings.folderNotWritable':
    'Não é possível salvar as configurações em {folder} ({why}). Permita gravar nessa pasta e altere a configuração de novo.',
  'core.probe.empty': 'O arquivo está vazio.',
  'core.film.otherEncoding':
    'Estas tomadas não podem ser unidas sem recodificar: o clipe de {clip} foi codificado com outras configurações {theirs} que o de {first}; só clipes H.264 feitos com configurações diferentes podem ser unidos como estão. Faça as tomadas iguais ou escolha tomadas que sejam.',
  'core.keys.works':
    '{kind, select, watermark {O token de API de marca d’água} other {A chave de API de vídeo}} funciona: {quota} (de {host}).{saving, select, true { {kind, select, watermark {Ele foi salvo} other {Ela foi salva}} no chaveiro do sistema.} other {}}',
  'core.keys.refused':
    '{host} recusou {kind, select, watermark {este token de API de marca d’água} other {esta chave de API de vídeo}}{answered, select, yes { (o serviço disse: “{answer}”)} other {}}.{saving, select, true { {kind, select, watermark {Ele não foi salvo.} other {Ela não foi salva.}}} other {}} Copie a chave de novo da sua conta no site do provedor.',
  'core.keys.unchecked':
    'Não foi possível verificar {kind, select, watermark {o token de API de marca d’água} other {a chave de API de vídeo}}: {why}{saving, select, true { {kind, select, watermark {Ele não foi salvo.} other {Ela não foi salva.}}} other {}} Verifique a conexão e o endereço do serviço nas Configurações e tente de novo.',
  'core.keys.acceptedLowBalance':
    '{host} aceitou {kind, select, watermark {o token de API de marca d’água} other {a chave de API de vídeo}}, mas diz que o saldo está baixo demais: {why}.{saving, select, true { {kind, select, watermark {Ele foi salvo} other {Ela foi salva}} no chaveiro do sistema.} other {}}',
  'core.keys.acceptedBalanceUnread':
    '{host} aceitou {kind, select, watermark {o token de API de marca d’água} other {a chave de API de vídeo}}, mas o saldo não pôde ser lido ({why}); a tela Conta vai perguntar de novo.{saving, select, true { {kind, select, watermark {Ele foi salvo} other {Ela foi salva}} no chaveiro do sistema.} other {}}',
  'core.keys.unknownShape': 'a resposta não estava em um formato que o Clearframe conhece',
  'core.keys.answeredStatus': 'ele respondeu HTTP {status}',
  'core.keys.balance': 'saldo de {amount}',
  'core.keys.creditsLeft': '{remaining} de {limit} créditos restantes',
  'core.keys.noKeychain':
    'Nenhum chaveiro do sistema respondeu. Instale e desbloqueie um Secret Service como o GNOME Keyring (pacote gnome-keyring) e entre de novo, ou defina CLEARFRAME_WATERMARK_KEY e CLEARFRAME_VIDEO_KEY.',
  'core.keys.keychainLocked':
    'Não foi possível usar o chaveiro do sistema. Desbloqueie-o e tente de novo, ou defina CLEARFRAME_WATERMARK_KEY e CLEARFRAME_VIDEO_KEY.',
  'core.mask.marksNothing':
    'A máscara não marca nada (as marcas estão fora da imagem ou foram apagadas), então nada foi enviado: marque a marca d’água ou envie a imagem sem máscara.',
  'core.inputs.svg':
    'É um SVG, um desenho vetorial, e o serviço aceita só imagens de pixels. Exporte-o como PNG e adicione esse arquivo.',
  'core.inputs.provenanceLog': 'É o registro que o Clearframe mantém dos resultados desta pasta.',
  'core.inputs.unreadable': 'Não pode ser lido. Verifique se você pode abri-lo.',
  'core.inputs.noExtension': 'Não tem extensão e o conteúdo não é uma imagem.',
  'core.inputs.notImage': 'Não é um arquivo de imagem.',
  'core.inputs.special': 'É um link ou um arquivo especial, não uma imagem.',
  'core.inputs.missing': 'Não existe (foi movido ou excluído?).',
  'core.inputs.neither': 'Não é um arquivo nem uma pasta.',
  'core.output.otherShape':
    'O serviço devolveu {result} pixels para uma imagem de {image}, outro formato, então o resultado não pôde ser sobreposto ao original: ele é mantido inteiro, esticado ao tamanho do original.',
  'core.automask.notLookedFor': 'Não foi possível procurar a marca d’água',
  'core.files.diskFullWaiting':
    'O disco que contém {folder} está cheio. Libere espaço nele: os trabalhos em espera continuam sozinhos quando houver espaço, e nada é enviado ou pago de novo.',
  'core.files.dataFolderReadOnly':
    'O Clearframe não pode gravar na pasta de dados {folder} ({why}). Permita gravar na pasta (verifique as permissões ou se o disco está montado como somente leitura) ou aponte CLEARFRAME_DATA_DIR para uma pasta em que você possa gravar e abra o Clearframe de novo.',
  'core.files.what.film': 'o filme',
  'core.files.what.take': 'a tomada do plano {shot}',
  'core.files.what.csv': 'o CSV',
  'core.files.what.lastFrame': 'o último quadro',
  'core.files.again.join': 'junte as tomadas de novo',
  'core.files.again.export': 'exporte de novo',
  'core.files.again.exportSpending': 'exporte os gastos de novo',
  'core.files.again.extend': 'estenda a tentativa de novo',
  'core.finder.tooFew':
    'Poucas imagens deste tamanho para encontrar a marca d’água (são necessárias pelo menos {count} que a compartilhem): marque-a à mão.',
  'core.finder.refused':
    'estas imagens não compartilham nenhuma marca (o que se destaca cobriria {share} de cada imagem); marque-a à mão',
  'core.finder.faint':
    'A marca está fraca ou parcialmente coberta (pontuação {score}): a máscara precisa ser conferida antes de ser usada.',
  'core.finder.damaged':
    'O arquivo está danificado ou incompleto e não pôde ser lido; ele fica de fora.',
  // ── end of Engine, media, files, keys and settings.

  // ── Engine, app desks and notices: keys of their sentences go below this line.
  'core.app.otherProcessDone': 'O outro processo terminou; a fila agora roda aqui.',
  'core.app.waitingForHolder':
    '{holder} está trabalhando nesta pasta de dados. Os trabalhos que você adicionar aqui esperam até ele terminar e depois começam sozinhos.',
  'core.app.folderReadOnly':
    '{problem} Até lá, esta execução mantém a fila e os logs em {folder}, que não é guardada.',
  'core.app.databaseSetAside':
    'O banco de dados de trabalhos estava danificado, então o Clearframe começou uma fila nova e vazia. A antiga foi guardada como {aside}; suas imagens e resultados no disco não foram tocados. Os trabalhos que estavam nela precisam ser adicionados de novo.',
  'core.app.noKeychain':
    '{problem} Até lá, as chaves não podem ser salvas aqui; as chaves definidas nessas variáveis funcionam.',
  'core.app.projectGone': 'Esse projeto não existe mais.',
  'core.video.noTakeFile':
    '{here, select, gone {O clipe desta tomada não está mais em {file}: coloque-o de volta lá ou faça a tentativa de novo.} other {Esta tomada ainda não tem clipe neste computador: espere o download terminar.}}',
  'core.app.importProjectGone': 'Esse projeto não existe mais; escolha outro.',
  'core.app.importChanged':
    '{file} não dá mais o que você viu (o arquivo ou a faixa de preço mudou): agora são {count, plural, one {# tentativa} other {# tentativas}} por {cost}. Nada foi colocado na fila; veja de novo antes de colocar na fila.',
  'core.app.shotNotAdded': 'Não foi possível adicionar esse plano; tente de novo.',
  'core.app.shotGone': 'Esse plano não existe mais.',
  'core.app.filmTakeGone': 'Uma das tomadas não está mais neste projeto: escolha de novo.',
  'core.app.filmTakeUnfinished':
    'A tentativa escolhida do plano {position} não tem clipe pronto: escolha uma tentativa concluída.',
  'core.app.filmNoTakes':
    'Nenhum plano tem uma tomada pronta ainda: monte o filme quando uma tentativa de um plano terminar.',
  'core.app.previewUnconfirmed': 'Visualizar com o serviço custa 1 crédito: confirme primeiro.',
  'core.app.previewFailed':
    'O serviço não conseguiu limpar a prévia ({problem}). Tente outra imagem ou inicie o lote neste computador.',
  'core.app.addressProblem': '{problem} Confira o endereço em um navegador e tente de novo.',
  'core.app.thatAddress': 'Esse endereço',
  'core.app.addressTimeout': '{host} não respondeu a tempo.',
  'core.app.addressUnreachable':
    'Não foi possível acessar {host}: o site está fora do ar, ou o endereço ou a conexão com a internet está errado.',
  'core.app.addressHttp': '{host} teve um problema próprio (HTTP {status}).',
  'core.app.addressRefused': '{host} não forneceu a imagem: {reason}.',
  'core.app.addressRefusedHttp': '{host} não forneceu a imagem (HTTP {status}).',
  'core.app.addressUnreadable': 'Não foi possível ler a imagem nesse endereço ({reason}).',
  'core.app.addressUnusable': 'O endereço não dá uma imagem utilizável: {reason}',
  'core.app.assetNoPicture':
    'Sem prévia: o serviço não devolve nenhum recurso enviado para ver. Para ver a imagem aqui, informe o endereço web dela ou escolha o arquivo.',
  'core.app.pastedUnusable': 'A imagem colada não pode ser usada: {reason}',
  'core.app.imageGone': 'Essa imagem não está mais disponível; adicione-a de novo.',
  'core.app.fileUnreadable':
    'Não foi possível lê-lo. Verifique se ele existe e se você tem permissão para abri-lo.',
  'core.app.stagedGone':
    'Esta imagem não está mais na lista de arquivos analisados (o app pode ter sido reiniciado); adicione-a de novo.',
  'core.app.alreadyListed': 'Já está na lista.',
  'core.app.maskEmpty':
    'A máscara não marca nada: pinte sobre a marca d’água ou escolha “Sem máscara”.',
  'core.app.fileMaskEmpty': '{file}: {problem}',
  'core.app.maskToolEmpty':
    'Nada ficaria marcado: desfaça, ou escolha um valor menor ou uma visão maior.',
  // ── end of Engine, app desks and notices.
};
