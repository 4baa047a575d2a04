import type { Catalogue } from './en.ts';

/**
 * Simplified Chinese. Terms: 水印, 蒙版 (mask), 项目, 镜头 (shot), 第 N 轮 (round), 定版
 * (take: the round the film uses), 片段 (clip), 积分 (credit), 服务, 密钥; full-width
 * punctuation. Chinese has one plural form (other).
 */
export const zhCN: Catalogue = {
  'app.version': 'v{version} · {platform}',
  'app.screens': '页面',
  'app.screen.images': '图片',
  'app.screen.video': '视频',
  'app.screen.account': '账户',
  'app.screen.settings': '设置',

  'toast.dismiss': '关闭',
  'notices.unreadable': '无法读取启动消息：{why}',
  'notices.dismiss': '关闭此消息',
  'paid.confirm': '确认并发送',
  'paid.back': '返回',
  'retry.what': '重新发送 {name}',
  'retry.confirmLabel': '确认重新发送 {name}',
  'retry.question': '再次支付 {cost}？',
  'retry.firstQuestion': '以 {cost} 发送到服务？',
  'retry.sendAgain': '重新发送（付费）– {cost}',
  'retry.checkAgain': '再次查询',
  'retry.checkAgainHint': '按服务给出的任务编号再次查询，不扣费。',
  'retry.retry': '重试 – {cost}',

  'format.credits': '{count, plural, other {# 积分}}',
  'format.secondsLeft': '约剩 {seconds} 秒',
  'format.minutesLeft': '约剩 {minutes} 分钟',

  'demo.all':
    '演示模式：任务在内置模拟器上运行，其结果只是服务实际效果的粗略替代。不会向服务发送任何内容，也不会扣费。',
  'demo.video':
    '视频演示模式：各轮在内置模拟器上运行，其片段是预制的替代品，并非服务会生成的内容。不会向视频服务发送任何内容，也不会扣费。图片会发送到服务。',
  'demo.images':
    '图片演示模式：由内置模拟器处理图片，其结果只是服务实际效果的粗略替代。不会向水印服务发送任何内容，也不会扣费。视频各轮会发送到服务。',
  'demo.short.all': '演示模式：不发送任何内容，也不扣费。',
  'demo.short.video': '视频处于演示模式：不发送也不扣费。图片会发送到服务。',
  'demo.short.images': '图片处于演示模式，免费。视频轮次会发送到服务。',
  'demo.howTo': '如何使用我自己的账户？',
  'demo.step.signIn':
    '在服务商网站上登录。水印 API 令牌在账户区域的“API tokens”下创建，视频 API 密钥在“API keys”下创建（视频调用从单独的美元余额中扣除）。',
  'demo.step.openSite': '打开服务商网站',
  'demo.step.paste':
    '将它们粘贴到<settings>设置</settings>中。每个密钥在保存前都会先通过服务测试。',
  'demo.step.keychain': '密钥保存在系统钥匙串中，除了发往所属的服务外，绝不会离开这台电脑。',

  'language.label': '语言',
  'language.system': '跟随系统（{language}）',
  'language.hint': '窗口会立即切换。',

  'key.name.watermark': '水印 API 令牌',
  'key.name.video': '视频 API 密钥',
  'key.form': '{name}设置',
  'key.save': '保存并测试',
  'key.clear': '清除',
  'key.removed': '已从系统钥匙串中移除{kind, select, watermark {令牌} other {密钥}}。',
  'key.setFromEnvironment': '{kind, select, watermark {令牌} other {密钥}}已设置（来自环境变量）',
  'key.setInKeychain': '{kind, select, watermark {令牌} other {密钥}}已设置（在系统钥匙串中）',
  'key.notSet': '{kind, select, watermark {令牌} other {密钥}}未设置',

  'state.queued': '等待中',
  'state.preparing': '准备中',
  'state.submitting': '发送中',
  'state.submitted': '已发送',
  'state.processing': '去除中',
  'state.downloading': '正在保存结果',
  'state.done': '完成',
  'state.failed': '失败',
  'state.canceled': '已取消',
  'state.needs-attention': '需要你决定',
  'state.round.processing': '生成中',
  'state.round.downloading': '正在保存片段',

  'drop.label': '将图片或文件夹拖放到此处',
  'drop.more': '继续添加：将图片或文件夹拖放到此处',
  'drop.first': '将图片或文件夹拖放到此处以去除水印',
  'drop.choose': '选择图片…',
  'drop.chooseFolder': '选择文件夹…',
  'clips.title': '视频',
  'clips.hint':
    '片段（MP4、MOV、WebM）在这台电脑的这个窗口中免费处理：在整个片段中找到静止的标志，并从每一帧中去除。',
  'clips.paused': '已暂停：已处理的分段会保留，继续时片段从其后接着处理。',
  'clips.run': '{count, plural, other {处理 # 个片段}}',
  'clips.pause': '暂停',
  'clips.resume': '继续',
  'clips.cancel': '取消',
  'clips.retry': '重试（免费）',
  'clips.progress': '第 {done} / {total} 帧，每秒 {fps} 帧，约剩 {left}',
  'clips.state':
    '{state, select, queued {等待中} preparing {正在处理各帧} downloading {正在保存} done {已处理} failed {未能处理} canceled {已取消} other {等待你的决定}}',
  'clips.result': '处理后的片段 {name}',
  'clips.unstage': '从列表中移除',
  'clips.cleanThis': '处理 {name}',
  'clips.finding': '正在整个片段中查找标记…',
  'clips.proposalFailed':
    '无法查找 {name} 的标记（{reason}）：请重新拖入片段；如果仍然失败，文件可能已损坏。',
  'clips.leftOut': '{name} 已排除，不会被处理。勾选它即可照常处理。',
  'clips.frameAlt': '{name} 中间的一帧，上面用红色标出蒙版',
  'clips.share':
    '蒙版覆盖画面的 {share}。其中 {unblended} 能透出下面的画面，会被反混合还原；其余部分不透明，将用周围的画面填充。',
  'clips.grow': '扩大 {pixels} 像素',
  'clips.shrink': '缩小 {pixels} 像素',
  'clips.preview': '预览处理前后',
  'clips.previewCost': '免费：预览在这台电脑上只用这些帧生成，不会保存任何内容。',
  'clips.previewing': '正在生成预览…',
  'clips.previewSide': '{side, select, before {{name}（处理前）} other {{name}（处理后）}}',
  'clips.previewSideShort': '{side, select, before {处理前} other {处理后}}',
  'staging.count': '正在检查文件：{staged} 个就绪，{skipped} 个暂未采用',
  'staging.stop': '停止检查',

  'jobs.title': '结果',
  'jobs.summary': '已完成 {done}/{total}',
  'jobs.attention': '{count, plural, other {# 个需要处理}}',
  'jobs.history': '列出全部批次，最新的在前：{count, plural, other {# 张图片}}',
  'jobs.historyMore': '列出全部批次，最新的在前：{count}+ 张图片',
  'jobs.queue': '队列',
  'jobs.resume': '继续',
  'jobs.pause': '暂停',
  'jobs.waiting': '等待中：{reason}',
  'jobs.paused': '已暂停：在你继续之前不会发送新的内容。',
  'jobs.retryFailed': '重试全部失败项',
  'jobs.clearFinished': '清除已完成',
  'jobs.clearFinishedHint': '将已完成的图片从此列表移除；其结果仍保留在保存的位置。',
  'jobs.latestOnly': '只显示最新批次',
  'jobs.allEarlier': '显示所有以前的结果',
  'jobs.filter': '筛选',
  'jobs.filter.all': '全部',
  'jobs.filter.running': '进行中',
  'jobs.filter.failed': '失败',
  'jobs.filter.done': '完成',
  'jobs.retrySelected': '重试所选',
  'jobs.cancelSelected': '取消所选',
  'jobs.skip': '跳过结果',
  'jobs.list': '任务',
  'jobs.select': '选择 {name}',
  'jobs.progress': '{name} 的进度',
  'jobs.cancel': '取消',
  'jobs.cancelOne': '取消 {name}',
  'jobs.open': '打开',
  'jobs.openOne': '打开 {name}',
  'jobs.showInFolder': '在文件夹中显示<hidden> {name}</hidden>',
  'jobs.detail': '{name}：{error}',
  'jobs.local': '在本机处理，免费',
  'jobs.free': '免费',
  'jobs.doubt.unchanged': '未改变',
  'jobs.doubt.markVisible': '水印仍可见',
  'jobs.doubt.keep': '保留',
  'jobs.doubt.keepOne': '保留：{name}',
  'jobs.doubt.send': '发送到服务 – {cost}',
  'jobs.doubt.sendWhat': '将 {name} 发送到服务',
  'jobs.doubt.byHand': '手动标记',
  'jobs.doubt.byHandOne': '手动标记：{name}',
  'jobs.filter.doubt': '待检查',
  'jobs.doubtCount': '{count, plural, other {# 张待检查}}',
  'core.jobs.doubtUnchanged':
    '服务在要求处理的地方原样返回了图片。可以按原样保留、重新发送（1 积分）或手动标记水印。',
  'core.jobs.doubtMarkVisible':
    '结果中仍能看出水印。可以按原样保留、发送到服务（1 积分）或手动标记水印。',
  'cli.remove.doubted':
    '{count, plural, other {# 个结果存疑，未计为完成（见上方列表）。保持原样请加 --keep-doubted（免费）；连同蒙版发送到服务请加 --send-doubted（每个 {credits}）；手动标记水印请用 --mask 或 --mask-rect 加 --force，或在窗口中操作。}}',
  'cli.remove.doubted.usage':
    '  --keep-doubted      按原样保留存疑的结果（水印仍可见、未改变）：免费\n  --send-doubted      将存疑的结果连同原蒙版发送到服务：每个 {credits}',
  'cli.remove.sendingDoubted':
    '--send-doubted：将 {count, plural, other {# 个}}存疑结果连同原蒙版发送到服务，共 {credits}。',

  'compare.previous': '上一个结果 (P)',
  'compare.next': '下一个结果 (N)',
  'compare.close': '关闭',
  'compare.slider': '滑块',
  'compare.sideBySide': '并排',
  'compare.zoom': '缩放',
  'compare.fit': '适合窗口（{percent}）',
  'compare.picture': '{name}，{what}',
  'compare.original': '原图',
  'compare.split': '分割',
  'compare.splitValue': '原图 {percent}',

  'mask.editor': '{name} 的蒙版',
  'mask.tools': '蒙版工具',
  'mask.tool.brush': '画笔 (B)',
  'mask.tool.eraser': '橡皮擦 (E)',
  'mask.tool.rect': '矩形 (R)',
  'mask.tool.lasso': '套索 (L)',
  'mask.size': '大小',
  'mask.pixels': '{size} px',
  'mask.opacity': '蒙版不透明度',
  'mask.undo': '撤销',
  'mask.redo': '重做',
  'mask.clear': '清空',
  'mask.fit': '适合窗口',
  'mask.import': '导入蒙版…',
  'mask.export': '导出蒙版…',
  'mask.wholeTools': '整个蒙版的工具',
  'mask.whole': '整个蒙版：',
  'mask.by': '幅度',
  'mask.px': 'px',
  'mask.byLabel': '扩大或收缩的像素数',
  'mask.grow': '扩大',
  'mask.shrink': '收缩',
  'mask.invert': '反转',
  'mask.grown': '已扩大 {pixels} px',
  'mask.shrunk': '已收缩 {pixels} px',
  'mask.inverted': '已反转',
  'mask.keepInView': '只保留视图内的部分',
  'mask.keepInViewHint': '请先缩放并平移到水印处：视图以外标记的部分都会被清除。',
  'mask.keptInView': '已保留视图内的部分',
  'mask.toolDone': '{done}：已标记图片的 {percent}。',
  'mask.imported':
    '已导入：已标记图片的 {percent}{scaled, select, true {，已缩放到图片大小} other {}}{whiteOnBlack, select, true {，白色按“去除”读取} other {}}。',
  'mask.wholeUse': '重绘整张图片',
  'mask.wholeNothing': '不导入',
  'mask.wholeNotImported': '未导入蒙版：请涂抹水印，或导入只标记水印的蒙版。',
  'mask.saved': '已保存到 {path}。',
  'mask.canvas': '{name}：涂抹要去除的部分。方向键移动光标，按住 Enter 涂抹。按住 O 查看原图。',
  'mask.status': '{width}×{height} · {count, plural, other {# 笔}}',
  'mask.loading': '正在加载图片…',
  'mask.shortcuts':
    '滚轮以指针为中心缩放，Alt+滚轮或 [ ] 调整画笔大小，空格+拖动平移，O 查看原图，Ctrl+Z 撤销。在图片上（用 Tab 到达）：方向键移动光标和视图（按住 Shift 移得更远），按住 Enter 涂抹，1 为 {full}，F 为适合窗口。',
  'mask.scaledFrom': '此蒙版绘制于 {size} 的图片上，已缩放以适合这张图片。请检查它是否仍覆盖水印。',
  'mask.leave': '丢弃此蒙版？',
  'mask.leaveQuestion': '丢弃你在 {name} 上涂抹的内容？',
  'mask.throwAway': '丢弃',
  'mask.keepPainting': '继续涂抹',
  'mask.use': '使用此蒙版',
  'mask.applySameSize': '应用到此尺寸的全部 {count} 张图片',
  'mask.applyAll': '应用到全部 {count} 张图片',
  'mask.applyAllHint': '其他尺寸的图片会使用缩放后的蒙版，每处标记尽量靠近它原来所在的角。',
  'mask.applySelected': '应用到所选图片（{count}）',
  'mask.none': '不用蒙版',
  'mask.cancel': '取消',
  // The mask editor's keyboard, zoom, file name, and the question before an apply replaces masks.
  'mask.zoomLevel': '缩放 {percent}',
  'mask.replaceQuestion': '{count, plural, other {要替换 # 个蒙版吗？}}',
  'mask.replaceWhich':
    '{found, plural, other {其中 # 个由“查找水印”找到}}，{painted, plural, other {# 个为手工涂抹}}。“撤销”可以恢复它们。',
  'mask.replace': '{count, plural, other {替换 # 个蒙版}}',
  'mask.replaceBack': '返回',
  'images.undoApply': '撤销',
  'images.applyUndone': '已撤销：蒙版已恢复原样。',

  'arrange.keepIt': '保留',
  'arrange.remove': '移除',
  'arrange.body': '{leaves}{kept}',
  'arrange.keptNoClips': '已花费的金额仍计入你的支出。',
  'arrange.keptClips':
    '{clips, plural, other {已保存的 # 个片段仍留在原处}}，已花费的金额仍计入你的支出。',
  'arrange.projectName': '项目名称',
  'arrange.saveName': '保存名称',
  'arrange.cancel': '取消',
  'arrange.rename': '重命名…',
  'arrange.earlier': '项目前移',
  'arrange.later': '项目后移',
  'arrange.removeProject': '移除项目…',
  'arrange.removeProjectTitle': '移除 {name}？',
  'arrange.projectLeaves':
    '{name} 及其 {shots, plural, other {# 个镜头}}和 {rounds, plural, other {# 轮}}将从列表中移除。',
  'arrange.shot': '镜头 {position}',
  'arrange.moveEarlier': '镜头前移',
  'arrange.moveLater': '镜头后移',
  'arrange.moveEarlierShot': '镜头前移：镜头 {position}',
  'arrange.moveLaterShot': '镜头后移：镜头 {position}',
  'arrange.removeShot': '移除镜头…',
  'arrange.removeShotTitle': '移除镜头 {position}？',
  'arrange.shotLeaves': '镜头 {position} 及其 {rounds, plural, other {# 轮}}将从列表中移除。',
  'arrange.isTake': '此镜头的定版',
  'arrange.useTake': '设为定版',
  'arrange.removeRound': '移除…',
  'arrange.removeRoundTitle': '移除镜头 {shot} 的第 {round} 轮？',
  'arrange.roundLeaves': '第 {position} 轮将从列表中移除。',

  'scrub.legend': '要编辑的时间',
  'scrub.play': '播放此项目的片段',
  'scrub.choose': '选择…',
  'scrub.none': '可在此播放此项目已完成的片段来选取时间。',
  'scrub.insertNow': '插入当前时间',
  'scrub.startHere': '从这里开始',
  'scrub.endHere': '到这里结束',
  'scrub.from': '从（秒）',
  'scrub.to': '到（秒）',
  'scrub.insertRange': '插入时间段',
  'scrub.endAfterStart': '结束时间必须晚于开始时间。',

  'history.title': '服务上的任务',
  'history.empty': '服务未列出最近几天的任务。',
  'history.promptUnknown': '此处不知道提示词（在别处启动）',
  'history.place': '在 {project}，镜头 {shot}，第 {round} 轮',
  'history.inAShot': '在某个镜头中',
  'history.task': '任务 {id}',
  'history.taskAt': '{date} · 任务 {id}',
  'history.add': '添加到{shot}',
  'history.phase.in-progress': '进行中',
  'history.phase.succeeded': '已完成',
  'history.phase.failed': '失败',

  'film.title': '{name} 的成片',
  'film.about':
    '按顺序列出每个镜头为成片提供的定版。它们按原样拼接，不重新编码，因此成片与各片段完全一致。',
  'film.noTake': '镜头 {shot}：还没有完成的定版，已略过',
  'film.take': '镜头 {shot}：第 {round} 轮',
  'film.takeWithPrompt': '镜头 {shot}：第 {round} 轮，{prompt}',
  'film.joining': '正在拼接…',
  'film.join': '选择文件夹并拼接',
  'film.close': '关闭',
  'film.nothing': '还没有镜头拥有完成的定版。',
  'film.saved': '已保存为 {path}',
  'film.player': '拼接后的成片',
  'film.playing': '成片：{name}',
  'film.backToShot': '回到镜头 {position}',

  // ── Settings and Account: keys of these screens go below this line.
  'settings.title': '设置',
  'settings.keys': 'API 密钥',
  'settings.keysHint': '密钥保存在系统钥匙串中，只会发送给所属的服务。',
  'settings.service': '服务',
  'settings.demoMode': '演示模式（未设置密钥时使用内置模拟器）',
  'settings.watermarkBaseUrl': '水印服务地址',
  'settings.videoBaseUrl': '视频服务地址',
  'settings.resetAddresses': '恢复为服务商的地址',
  'settings.pricingTier': '价格方案',
  'settings.budgetCapUsd': '视频预算上限，单位 USD（留空：不设上限）',
  'settings.budgetCapPeriod': '上限的计算范围',
  'settings.concurrency.watermark': '同时处理的图片数',
  'settings.concurrency.video': '同时进行的视频轮数',
  'settings.output': '输出',
  'settings.outputFolder': '输出文件夹（留空：在每张图片旁建一个“clearframe”文件夹）',
  'settings.chooseFolder': '选择文件夹…',
  'settings.filenameTemplate': '文件名',
  'settings.filenameExample':
    '{photo} 会变成 {example}。花括号中的 {name}、{ext}、{date} 和 {n} 分别代表图片的名称、扩展名、日期以及它在本批中的序号。',
  'settings.conflictPolicy': '名称已被占用时',
  'settings.metadataPolicy': '元数据（EXIF、颜色配置文件）',
  'settings.outputFormat': '结果格式',
  'settings.folderLayout': '拖入文件夹中的子文件夹在输出文件夹里',
  'settings.app': '应用',
  'settings.theme': '主题',
  'settings.checkForUpdates': '检查更新',
  'settings.save': '保存设置',
  'settings.saved': '已保存。',
  'settings.refused': '未保存任何内容：请修正上方标出的字段。',
  'settings.diagnostics': '诊断信息',
  'settings.openLogs': '打开日志文件夹',
  'settings.copyDiagnostics': '复制诊断信息',
  'settings.diagnosticsCopied': '诊断信息已复制，其中不含任何密钥。',
  'settings.checkNow': '立即检查更新',
  'settings.value.budgetCapPeriod.all-time': '历来的全部支出',
  'settings.value.budgetCapPeriod.month': '每个自然月（按本机时区）',
  'settings.value.conflictPolicy.suffix': '添加编号',
  'settings.value.conflictPolicy.skip': '跳过该图片',
  'settings.value.conflictPolicy.overwrite': '覆盖旧结果',
  'settings.value.folderLayout.mirror': '在输出文件夹中保留',
  'settings.value.folderLayout.flatten': '把所有结果直接放在输出文件夹中',
  'settings.value.metadataPolicy.keep': '保留',
  'settings.value.metadataPolicy.strip': '移除',
  'settings.value.outputFormat.same': '与原图相同（HEIC 输出为 JPEG）',
  'settings.value.outputFormat.pngFormat': 'PNG',
  'settings.value.outputFormat.jpegFormat': 'JPEG',
  'settings.value.outputFormat.webpFormat': 'WebP',
  'settings.value.pricingTier': '{tier}（每秒 {price}）',
  'settings.value.theme.system': '跟随系统',
  'settings.value.theme.light': '浅色',
  'settings.value.theme.dark': '深色',
  'account.title': '账户',
  'account.credits': '水印积分',
  'account.balance': '视频余额',
  'account.creditsLeft': '剩余 {remaining} / {limit, plural, other {# 积分}}',
  'account.from': '（来自 {host}）',
  'account.price': '视频价格',
  'account.pricePerSecond': '每秒 {price}（{tier} 方案）',
  'account.spending': '视频支出',
  'account.spent':
    '已花费 {spent}，已发送的轮次占 {inFlight}{cap, select, none {（未设预算上限）} monthly {，月度预算上限为 {capAmount}} other {，预算上限为 {capAmount}}}',
  'account.spentInMonth':
    '{month}：已花费 {spent}，已发送的轮次占 {inFlight}{cap, select, none {（未设预算上限）} monthly {，月度预算上限为 {capAmount}} other {，预算上限为 {capAmount}}}',
  'account.spendingHint': '服务可能已扣费的每一轮，按预算上限的方式统计',
  'account.queue': '整个队列都运行时',
  'account.queueCost': '{credits} 和 {money}',
  'account.refresh': '刷新',
  'account.history': '支出记录',
  'spending.length': '{seconds} 秒 × {price}',
  'spending.place':
    '{retried, select, true {镜头 {shot}，第 {round} 轮（第 {attempt} 次发送）} other {镜头 {shot}，第 {round} 轮}}',
  'spending.removed': '已从列表中移除',
  'spending.promptUnknown': '提示词未知（从服务添加）',
  'spending.lengthHint': '服务报告的时长，按实际扣费的每秒价格计算。',
  'spending.lengthUnknownHint': '服务尚未告知片段时长，因此暂以估算代替。',
  'spending.status.charged': '已扣费',
  'spending.status.estimated': '估算：服务未告知',
  'spending.status.in-flight': '已发送，未结束：估算',
  'spending.status.demo': '演示：应花费金额，不扣费',
  'spending.sum': '已花费 {spent}，已发送未结束的轮次 {inFlight}',
  'spending.sumWithDemo': '已花费 {spent}，已发送未结束的轮次 {inFlight}；演示轮次本应花费 {demo}',
  'spending.saved': '已将 {count, plural, other {# 笔费用}}保存为 {path}',
  'spending.savedWithDemo':
    '已将 {count, plural, other {# 笔费用}}和 {demo, plural, other {# 轮演示}}（均未扣费）保存为 {path}',
  'spending.allMonths': '所有月份',
  'spending.monthChoice': '{month} · {amount}',
  'spending.month': '月份',
  'spending.export': '导出 CSV…',
  'spending.close': '关闭',
  'spending.totals': '合计：{sum}。',
  'spending.totalsInMonth': '{month}：{sum}。',
  'spending.about':
    '服务可能已扣费的每一轮：其费用（服务报告的秒数 × 每秒价格），或在服务告知之前的估算。月份按本机的自然月计算。演示轮次只显示本应花费的金额，不计入任何统计。',
  'spending.project': '<b>{project}</b>{removed, select, true {（已移除）} other {}}：{sum}',
  'spending.nothing': '没有向服务发送任何内容。',
  'spending.nothingInMonth': '{month}没有向服务发送任何内容。',
  'spending.head.sent': '发送时间',
  'spending.head.round': '轮次',
  'spending.head.length': '时长',
  'spending.head.cost': '费用',
  'spending.more': '显示更多',
  // ── end of Settings and Account.

  // ── Video workspace: keys of the round editor and the project list go below this line.
  'project.emptyTitle': '逐个镜头制作视频',
  'project.emptyAbout':
    '一个项目就是一段视频。它由按顺序排列的镜头组成，每个镜头分轮制作：描述镜头、查看费用、发送，然后不断尝试，直到某一轮达到满意效果。',
  'project.emptyStart': '为第一个项目命名即可开始。',
  'project.createForm': '创建项目',
  'project.newProject': '新项目',
  'project.namePlaceholder': '名称，例如“夜晚的港口”',
  'project.create': '创建',
  'project.project': '项目',
  'project.shots': '镜头',
  'project.shotButton': '镜头 {position}（{rounds}）',
  'project.addShot': '添加镜头',
  'project.exportTakes': '导出定版…',
  'project.joinFilm': '将定版合成一部影片…',
  'project.spending': '支出…',
  'project.importRounds': '导入轮次…',
  'project.spendingTitle': '{name} 的花费',
  'project.roundsTitle': '{project} · 镜头 {position}',
  'project.shotName': '镜头 {position}',
  'project.clipName': '镜头 {shot}，第 {round} 轮',
  'project.player': '播放器',
  'project.lastFrame': '尾帧',
  'project.noTake': '尚无定版',
  'project.exported':
    '{count, plural, other {已将 # 个定版复制到 {folder}（每个镜头一个，按顺序）。}}',
  'project.exportedLeftOut': '{copied}因尚无完成的轮次而未包含：{shots}。',
  // The Video studio: picture first, storyboard, prompt bar (issue 36).
  'round.attachImage': '附加图片',
  'round.attachVideo': '附加视频',
  'round.attachAudio': '附加声音',
  'project.defaultName': '项目 {number}',
  'project.stageEmpty': '镜头 {position} 还没有片段。在底部的栏中写一轮：它的片段会在这里播放。',
  'project.filmTotal': '影片：{seconds} 秒 · 各轮费用 {cost}',
  'project.filmTotalDemo': '影片：{seconds} 秒 · 各轮将花费 {cost}（演示，不扣费）',
  'project.storyboardKeys': '要移动镜头，把它拖到另一个镜头上，或在它上面按 Alt 加 ← 或 →。',
  'round.sendAbout': '检查并发送 · 约 {cost}',
  'round.sendUpTo': '检查并发送 · 最多 {cost}',
  'round.attach': '附加',
  'round.attached': '已附加',
  'round.chipRemove': '移除 {token}',
  'round.chipAsReference': '把 {token} 作为参考',
  'round.chipAsFirstFrame': '把 {token} 作为首帧',
  'round.chipEmpty': '尚无地址',
  'round.enterHint': 'Enter 检查本轮及其费用；Shift+Enter 换行。',
  'round.moreOptions': '更多选项',

  'round.title': '第 {position} 轮：{prompt}',
  'round.name': '第 {position} 轮',
  'round.promptUnknown': '提示词未知（从服务添加）',
  'round.demo': '演示',
  'round.demoHint': '由内置模拟器生成：未向服务发送任何内容，也未扣费。',
  'round.money.demo': '将花费 {cost}（演示，不扣费）',
  'round.money.charged': '已扣费 {cost}',
  'round.money.estimated': '预计 {cost}',
  'round.clip.auto': '时长由模型决定',
  'round.clip.default': '服务默认时长',
  'round.clip.seconds': '{seconds} 秒片段',
  'round.clip.demoStandIn': '请求 {seconds} 秒片段；演示播放的是一段简短的替代片段',
  'round.seconds': '{seconds} 秒',
  'round.minutes': '{minutes} 分钟',
  'round.took': '用时 {time}',
  'round.running': '已运行 {time}',
  'round.runningLeft': '已运行 {time} · 约剩 {left}',
  'round.play': '播放',
  'round.showInFolder': '在文件夹中显示',
  'round.cleanLogo': '去除静止标志（免费）',
  'round.cancel': '取消',
  'round.cancelHint': '不再等待；服务仍可能完成并扣费。',
  'round.writePrompt': '编写提示词…',
  'round.writePromptHint': 'Clearframe 不知道此任务的提示词，因此无法原样重新发送。',
  'round.duplicate': '复制',
  'round.duplicateWhat': '发送第 {position} 轮的副本',
  'round.extendForm': '延长第 {position} 轮',
  'round.extendWhat':
    '从尾帧发送第 {position} 轮的续写，{into, select, new {放入其后的新镜头} other {放入本镜头并成为其选用片段}}',
  'round.next': '第 {position} 轮之后发生什么',
  'round.nextPlaceholder': '接下来发生什么…',
  // The take cards (issue 36): their ⋯ menus and the project's.
  'round.actions': '第 {position} 轮的操作',
  'round.extendFromFrameOpen': '从尾帧延长…',
  'round.moveEarlier': '前移',
  'round.moveLater': '后移',
  'project.actions': '项目操作',
  'project.nameHint': '点击名称即可重命名项目',
  'project.nameEmpty': '项目需要名称：请输入一个，或按 Esc 保留“{name}”。',
  'round.extendVideoOpen': '延长视频…',
  'round.extendVideoForm': '延长第 {position} 轮的视频',
  'round.extendVideoWhat':
    '以其片段为参考发送第 {position} 轮的续写，{into, select, new {放入其后的新镜头} other {放入本镜头并成为其选用片段}}',
  'round.extendPlace': '第 {position} 轮的续写放在哪里',
  'round.extendInto': '{into, select, new {在新镜头中继续} other {在本镜头中继续}}',
  'round.uploadFirst':
    '服务只接受以已上传素材形式提供的参考视频，而此片段是以下载链接返回的。请将 {file} 上传到服务商网站上的账户，然后在此粘贴其 asset:// 地址。',
  'round.assetAddress': '第 {position} 轮的素材地址',
  'round.continuation': '第 {position} 轮如何继续',
  'round.extendVideo': '延长视频',

  'round.paidLabel': '确认付费请求',
  'round.paidAbout': '{what}，约 {cost}？',
  'round.paidUpTo': '{what}，最多 {cost}？',

  'round.editor': '新一轮',
  'round.kind': '轮次类型',
  'round.mode.text': '文本生成视频',
  'round.mode.image': '图片生成视频',
  'round.mode.frames': '首帧和尾帧',
  'round.mode.video': '视频参考',
  'round.mode.audio': '音频参考',
  'round.mode.edit': '按时间点编辑',
  'round.mode.auto': '自动（全能参考）',
  'round.prompt': '提示词',
  'round.model': '模型',
  'round.duration': '时长（秒）',
  'round.durationField': '时长',
  'round.resolution': '分辨率',
  'round.ratio': '画面比例',
  'round.sound': '声音',
  'round.watermark': '片段中加 AI 水印',
  'round.keepLastFrame': '保留尾帧（用于延长）',
  'round.costAbout': '{seconds} 秒片段约 {cost}',
  'round.costUpTo': '最多 {cost}：时长由模型决定，最长 {seconds} 秒',
  'round.lengthUnknown':
    '{count, plural, other {参考 {references} 的时长在此电脑上未知}}，因此此处不做检查：发送后服务会检查参考视频是否为 {min} 至 {max} 秒，不符合则该轮失败。',
  'round.editorDemo': '演示：由内置模拟器生成，不扣费',
  'round.balance': '余额 {balance}',
  'round.overCap': '加上已花费或进行中的 {spent}，超出你的预算上限 {cap}',
  'round.overMonthlyCap': '加上{month}已花费或进行中的 {spent}，超出你的每月预算上限 {cap}',
  'round.addToBatch': '向此批次再添加一轮',
  'round.inBatch': '此批次中还有 {count} 轮',
  'core.rounds.referenceUnreadable': '无法将 {name} 读取为图片。请选择 JPEG、PNG 或 WebP 文件。',
  'core.rounds.referenceFormat':
    '{name} 是 {format} 文件，服务不接受它作为参考。请另存为 JPEG 或 PNG 后重新选择。',
  'round.chooseFile': '选择文件…',
  'round.fromComputer': '{name} · 本机图片，随请求一起发送',
  'round.fromComputerUnnamed': '本机图片，随请求一起发送',
  'round.clearFile': '移除图片',
  'request.inlineTooLarge':
    '本机图片使请求约为 {megabytes} MB，而服务最多接受 {max} MB。请选择更小的图片（例如另存为 JPEG），或减少图片数量。',
  'round.batchLine':
    '第 {number} 轮：{prompt} · {kind} · {length} · {upTo, select, true {最多 {cost}} other {约 {cost}}}',
  'round.batchChip': '第 {number} 轮：{prompt} · {upTo, select, true {最多 {cost}} other {{cost}}}',
  'round.pastedPicture': '粘贴的图片',
  'round.dropNeedsAddress':
    '{name}：服务只按地址接收视频片段和声音。请先上传到你的账户，再粘贴它的 asset:// 地址（声音也可以是网址）。',
  'round.dropNotMedia':
    '{name} 不是图片、视频片段或声音：请拖入图片（JPEG、PNG、WebP、TIFF 或 GIF），或粘贴视频片段或声音的地址。',
  'round.batchEdit': '放回表单',
  'round.batchRemove': '从本批移除',
  'round.batchDetails':
    '{resolution} · {ratio} · {sound, select, true {有声音} other {无声音}} · {references, plural, =0 {无参考} other {# 个参考}}',
  'round.toSend': '要发送的轮次',
  'round.formNotSent': '表单中的这一轮尚未填完，因此不会发送：它留在表单中。',
  'round.review': '检查并发送',
  'round.confirmAbout': '以约 {cost} 发送 {count, plural, other {# 轮}}？',
  'round.confirmUpTo': '以最多 {cost} 发送 {count, plural, other {# 轮}}？',

  // What the window's requests are refused with.
  'ipc.untrusted': '此请求并非来自 Clearframe 窗口。',
  'ipc.unknownChannel': '没有名为 {channel} 的通道。',
  'ipc.malformed': '发往 {channel} 的请求格式有误：{problem}',
  'ipc.notAvailable': '{channel} 在此窗口中不可用。',
  'ipc.failed':
    'Clearframe 无法完成此操作（{detail}）。请重试；如果仍然失败，请复制诊断信息并报告。',
  'ipc.problem.dropSomething': '请至少拖入一个文件或文件夹。',
  'ipc.problem.chooseImportFile': '请选择一个 CSV 或 JSON 文件。',
  'ipc.problem.pastedTooLarge': '粘贴的图片太大；请将其保存为文件后添加该文件。',
  'ipc.problem.pastedNotImage': '粘贴的数据不是图片。',
  'ipc.problem.chooseImage': '请至少选择一张图片。',
  'ipc.problem.growAtLeast': '请至少扩大或缩小 1 像素。',
  'ipc.problem.sayNext': '请说明接下来发生什么。',
  'ipc.problem.frameTooLarge': '从片段中取出的帧太大，无法发送。',
  'ipc.problem.frameNotBase64': '从片段中取出的帧不是 base64。',
  'ipc.problem.findAgain': '请重新查找水印。',

  // A value a form or a file gives that its rule does not take.
  'check.month': '请以 YYYY-MM 的形式填写月份，例如 2026-03。',
  'check.choose': '请选择 {choices}。',
  'check.number': '请输入数字。',
  'check.wholeNumber': '请输入整数。',
  'check.atLeast': '至少为 {bound}。',
  'check.moreThan': '必须大于 {bound}。',
  'check.atMost': '最多为 {bound}。',
  'check.lessThan': '必须小于 {bound}。',
  'check.empty': '请填写此项；不能为空。',
  'check.tooLong': '最多 {count, plural, other {# 个字符}}。',
  'check.atLeastItems': '请至少提供 {count, plural, other {# 项}}。',
  'check.atMostItems': '一次最多 {count, plural, other {# 项}}。',
  'check.address': '请输入以 https:// 开头的完整地址。',
  'check.unknownFields': 'Clearframe 不认识 {fields}；{count, plural, other {请将其删除}}。',
  'check.invalid': '此值无法使用；请输入其他值。',
  'settings.problem.address': '请输入以 https://（本地服务可用 http://）开头的完整地址。',
  'settings.problem.addressScheme': '地址必须以 https:// 或 http:// 开头。',
  'settings.problem.capAmount': '请输入以 USD 计的金额。',
  'settings.problem.capNegative': '上限不能为负数。',
  'settings.problem.templateEmpty': '文件名模板为空；请输入一个，例如保留图片原名的 {example}。',
  'settings.problem.templateCharacters': '文件名模板不能包含 {characters}。',
  'settings.problem.templateUnknown': '文件名模板中的 {unknown} 无法识别；请使用 {tokens}。',
  'settings.problem.templateNoName': '文件名模板需要包含 {name} 或 {n}，否则所有结果都会同名。',

  // What is wrong with a key as typed or pasted.
  'keys.problem.spaces': '密钥开头或结尾有空格；请去掉空格后重新粘贴。',
  'keys.problem.tooShort': '密钥太短；请从账户页面复制完整的密钥。',
  'keys.problem.tooLong': '密钥太长；请只从账户页面复制密钥本身。',
  'keys.problem.characters': '密钥含有密钥中不可能出现的字符；请从账户页面重新复制。',

  // What the budget cap and the balance say before a round is paid for.
  'budget.overCap':
    '这一轮（{estimate}）会让视频支出达到 {total}，超过你的预算上限 {cap}：已花费 {spent}，已发送的轮次占用 {inFlight}。请在设置中提高上限，然后重试这一轮。',
  'budget.overMonthlyCap':
    '这一轮（{estimate}）会让 {month} 的视频支出达到 {total}，超过你的每月预算上限 {cap}：本月已花费 {spent}，已发送的轮次占用 {inFlight}。请在设置中提高上限，或在 {nextMonth} 重试这一轮。',
  'budget.balanceLow':
    '视频余额为 {balance}；这一轮大约需要 {estimate}。请在服务商网站充值后重试这一轮。',
  'budget.balanceLowHeld':
    '视频余额为 {balance}，其中 {held} 被已发送的轮次占用；这一轮大约需要 {estimate}。请在服务商网站充值后重试这一轮。',

  // The rules of a round, said where the round form and the command line check it.
  'request.writePrompt': '请写一个提示词：每一轮都需要提示词，有参考时也一样。',
  'request.tooManyReferences':
    '请移除 {count, plural, other {# 个}}参考：每一轮除提示词外最多使用 {max} 个参考。',
  'request.giveAddress': '请填写参考 {number} 的地址，或将其移除。',
  'request.videoAsAsset':
    '请以 asset:// 地址提供参考 {number}：视频只有在服务商网站上传到你的账户后，服务才会接受。',
  'request.publicAddress':
    '请以 https://（公开网址）或 asset://（已上传到你的账户）开头的地址提供参考 {number}。',
  'request.sayRole': '请说明参考 {number} 的用途：{roles}。',
  'request.wrongRole':
    '参考 {number} 是{kind, select, image {图片} video {视频} other {音频}}，不能用作“{role}”：请改为{roles}。',
  'request.promptNamesMissing':
    '提示词提到了 {token}，但这一轮{count, plural, =0 {没有{kind, select, image {参考图片} video {参考视频} other {参考音频}}} other {只有 # 个{kind, select, image {参考图片} video {参考视频} other {参考音频}}}}：请添加一个，或修改提示词中的 {token}。',
  'request.autoOnly': '请选择“自动”作为这一轮的类型，或选择其他类型。',
  'request.resolution': '请选择 {choices} 分辨率；服务不生成 {resolution}。',
  'request.autoRatio': '请选择画面比例 {ratio}：在自动模式的轮次中由模型决定片段的形状。',
  'request.autoDuration': '请把时长交给模型：自动模式的轮次会自己决定长度。',
  'request.autoTakesReferences':
    '自动模式的轮次只接受参考，因此参考 {number} 不能用作“{role}”：要使用首尾帧，请选择其他类型。',
  'request.adaptiveOnlyAuto': '请选择 {choices} 画面比例：{ratio} 仅用于自动模式的轮次。',
  'request.ratio': '请选择 {choices} 画面比例；服务不生成 {ratio}。',
  'request.duration':
    '请将时长设为 {min} 至 {max} 秒：{model} 不生成{open, select, true {不定时长的片段} other {{seconds} 秒的片段}}。',
  'request.oneFrameEach': '请提供一个首帧，尾帧最多一个。',
  'request.firstFrameNeeded': '请添加首帧：以尾帧结束的一轮需要从首帧开始。',
  'request.framesOrReferences':
    '首尾帧和参考不能同时使用：请移除其一，或选择“自动”类型以使用参考。',
  'request.referenceLength':
    '参考 {number} 时长 {seconds} 秒，而自动模式的轮次接受的参考视频为 {min} 至 {max} 秒：请剪短它，或换一个视频。',
  'referenceImage.tooManyBytes': '参考图片最大为 {megabytes} MB。请保存得小一些后重新添加。',
  'referenceImage.sides':
    '参考图片每边需要 {min} 至 {max} 像素；这张是 {width}×{height}。请调整尺寸后重新添加。',
  'referenceImage.shape':
    '参考图片的宽高比需在 {min}:1 到 {max}:1 之间；这张是 {aspect}:1。请裁剪后重新添加。',
  'image.tooLargeToOpen':
    '图片太大：{width}×{height} 像素（{megapixels} 百万像素），超过 Clearframe 能打开的 {limit} 百万像素。请在图片编辑器中缩小后重新添加。',

  'round.role.firstFrame': '首帧',
  'round.role.lastFrame': '尾帧',
  'round.role.referenceImage': '参考图片',
  'round.role.referenceVideo': '参考视频',
  'round.role.referenceAudio': '参考音频',
  'round.slot': '{role}，参考 {number}（{accepts}）',
  'round.acceptsAssetOrWeb': 'asset:// 或 https://',
  'round.slotPlaceholder': 'asset://… 或 https://…',
  'round.assetPlaceholder': 'asset://…',
  'round.size': '{width}×{height}',
  'round.slotPreview': '{role}预览',
  'round.thumb.asset': '素材',
  'round.thumb.image': '图片',
  'round.thumb.video': '视频',
  'round.thumb.audio': '音频',
  'round.demoMedia': '演示素材：',
  'round.demoMediaFor': '参考 {number} 的演示素材',
  'round.demoAsset.demo-image-landscape': '横向照片',
  'round.demoAsset.demo-image-portrait': '纵向照片',
  'round.demoAsset.demo-video-8s': '8 秒片段',
  'round.demoAsset.demo-video-2s': '2 秒片段',
  'round.demoAsset.demo-audio-6s': '6 秒声音',

  'import.title': '导入轮次',
  'import.heading': '将轮次导入 {project}',
  'import.about':
    'CSV 文件（先一行表头，然后每行一轮）或 JSON 列表，包含 prompt、kind、references、duration、ratio 和 shot 列。参考写作 image=…、video=… 或 audio=…，用 | 分隔。加入队列前会检查每一行。',
  'import.file': '轮次的 CSV 或 JSON 文件',
  'import.checking': '正在检查每一行…',
  'import.noPath':
    'Clearframe 无法确定 {name} 保存在哪里。请将其作为文件保存到此电脑，然后重新选择。',
  'import.problems':
    '在每一行都通过检查之前，无法从 {name} 加入任何轮次。请更正以下各行，然后重新选择文件：',
  'import.problem': '<strong>{label}：</strong>{message}',
  'import.row': '行',
  'import.shot': '镜头',
  'import.kind': '类型',
  'import.prompt': '提示词',
  'import.cost': '费用',
  'import.costAbout': '约 {cost}',
  'import.costUpTo': '最多 {cost}',
  'import.total': '{count, plural, other {# 轮}}，共 {total}。',
  'import.close': '关闭',
  'import.queueWhat': '将 {name} 中的 {count, plural, other {# 轮}}加入队列',
  'import.queue': '以 {total} 将 {count, plural, other {# 轮}}加入队列',
  'import.queued': '{name} 中的 {count, plural, other {# 轮}}已加入 {project} 的队列。',
  'round.frameUnreadable': '无法在此播放该片段以获取尾帧：请先在播放器中播放一次，然后再次延长。',
  // ── end of Video workspace.

  // ── Images workspace: keys of the finder, previews and output go below this line.
  'images.urlForm': '通过地址添加图片',
  'images.urlLabel': '图片地址',
  'images.urlPlaceholder': 'https://…',
  'images.urlAdd': '添加',
  'images.reasonLine': '{name}：{reason}',
  'images.skippedTitle': '未收入的文件（{count}），各附原因：',
  'images.skippedList': '已跳过',
  'images.ready': '就绪：',
  'images.readySummary': '{count, plural, other {# 张图片}}，{masked} 张有蒙版',
  'images.selectAll': '全选',
  'images.selectNone': '全不选',
  'images.removeSelected': '移除所选',
  'images.find': '查找水印',
  'images.startFree':
    '开始 – 免费，在本机处理{left, plural, =0 {} other {（# 张以前处理过，已略过）}}',
  'images.start':
    '开始 – 为 {count, plural, other {# 张}}图片使用 {credits}{free, plural, =0 {} other {（其中 # 张在本机免费处理）}}{left, plural, =0 {} other {（# 张以前处理过，已略过）}}',
  'images.startUpTo':
    '开始 – 为 {count, plural, other {# 张}}图片最多使用 {credits}{free, plural, =0 {} other {（其中 # 张在本机免费处理）}}{left, plural, =0 {} other {（# 张以前处理过，已略过）}}',
  'images.startNothing':
    '没有要发送的图片：{left, plural, other {# 张}}已用同一蒙版处理过。勾选“重新处理”可重新发送。',
  'images.heldBackUnsure':
    '{count, plural, other {# 张图片暂不发送：查找水印对其中的水印位置没有把握，因此不会为它们付费。请用“编辑蒙版”绘制蒙版，或在“查找水印”中勾选它们。}}',
  'images.startOnlyUnsure':
    '暂无可发送的内容：“查找水印”对这些图片上的水印没有把握。请先为它们绘制蒙版。',
  'images.cleanedBefore':
    '其中 {count, plural, other {# 张}}以前处理过。以相同蒙版再次发送的图片会被略过，不扣费，除非你勾选“重新处理”。',
  'images.appliedSameSize': '已将蒙版应用到 {count, plural, other {# 张}} {size} 的图片。',
  'images.appliedAll': '已将蒙版应用到 {count, plural, other {# 张图片}}。',
  'images.appliedSelected': '已将蒙版应用到所选的 {count, plural, other {# 张图片}}。',
  'images.appliedScaled':
    '其中 {count, plural, other {# 张}}的尺寸不是 {size}：蒙版已缩放以适合，每处标记与所在角的距离保持得和 {name} 上一样近。请用“编辑蒙版”检查。',
  'images.twoSentences': '{first}{second}',
  'images.maskSaved': '已为 {name} 保存蒙版。',
  'images.maskRemoved': '已移除 {name} 的蒙版。',
  'images.foundNote':
    '找到的蒙版已用于 {count, plural, other {# 张图片}}{free, plural, =0 {} other {，其中 # 张将在本机免费处理}}。可用“预览”检查其中一张，或用“编辑蒙版”修改。',
  'images.applySameSize': '应用到所有 {size} 的图片',
  'images.applyAll': '应用到全部 {count} 张图片',
  'images.applySelected': '应用到所选图片',
  'images.previewFree': '预览 {name}（免费）',
  'images.noMaskAll':
    '还没有图片有蒙版：这时服务会自行查找水印并去除找到的内容（演示模式会重绘在角落找到的标记）。若要指定查找位置，请绘制蒙版。',
  'images.noMaskSome':
    '其中 {count, plural, other {# 张}}没有蒙版：这时服务会自行查找水印并去除找到的内容（演示模式会重绘在角落找到的标记）。若要指定查找位置，请绘制蒙版。',
  // The staged images the measured mark cleans here (a profile or the finder's choice).
  'images.localAll':
    '{count, plural, other {全部 # 张}}都将用测得的水印在本机免费处理：不会为它们向服务发送任何内容。',
  'images.localSome':
    '其中 {count, plural, other {# 张}}将用测得的水印在本机免费处理：不会为它们向服务发送任何内容。',
  'images.list': '就绪的图片',
  'images.select': '选择 {name}',
  'images.fromWeb': '{name}（来自网络）',
  'images.localFree': '在本机处理，免费',
  'images.cleanAgain': '以前处理过 · 重新处理',
  'images.scaledHint': '此蒙版绘制于 {size} 的图片上，已缩放以适合这张图片。',
  'images.badge.scaled': '蒙版，已缩放',
  'images.badge.mask': '蒙版',
  'images.badge.none': '无蒙版',
  'images.editMask': '编辑蒙版',
  'images.paintMask': '绘制蒙版',
  'images.editMaskOf': '编辑蒙版：{name}',
  'images.paintMaskOf': '绘制蒙版：{name}',
  'images.preview': '预览',
  'images.previewHint': '在本机免费重绘一次，用来检查蒙版',
  'images.maskEditor': '蒙版编辑器',
  'images.compareTitle': '处理前后：{name}',
  'images.cleaned': '处理后',
  'images.savedTo': '已保存到 {path}',
  'finder.looking': '正在查找水印',
  'finder.lookingFor': '正在本机免费查找这 {count} 张图片共有的标记…',
  'finder.cancel': '取消',
  'finder.close': '关闭',
  'finder.found': '找到的水印',
  'finder.intro':
    '红色显示每张图片的蒙版覆盖的范围。取消勾选图片即可将其排除；使用蒙版后，可用“编辑蒙版”调整其中任何一张。',
  'finder.groupSize': '{count, plural, other {# 张}} {size} 的图片',
  'finder.groupCorner':
    '{count, plural, other {# 张}}不同尺寸的图片，标记位于{corner, select, top_left {左上} top_right {右上} bottom_left {左下} other {右下}}角',
  'finder.groupHeading': '{group}：{finding}',
  'finder.noShared': '未找到共有的标记；请手动绘制蒙版',
  'finder.markOn': '其中 {count} 张有标记',
  'finder.serviceOnly':
    '这些图片只能由服务处理：在本机处理需要在至少 3 张同尺寸且带有该标记的图片上测量标记。',
  'finder.markFound': '找到标记（{percent}）',
  'finder.noMark': '未见标记（{percent}）',
  'finder.more': '此组另有 {count} 张，已按其得分同样勾选。',
  'finder.byHand': '需手动标记',
  'finder.byHandTitle': '需手动标记（{count}）',
  'finder.use':
    '为 {count, plural, other {# 张图片}}使用蒙版{free, plural, =0 {} other {（其中 # 张在本机处理）}}',
  'finder.who': '由谁处理',
  'finder.byService': '服务 — 每张 {credits}',
  'finder.byComputer': '本机 — 免费',
  // The self-check: the quality cleaning on this computer is expected to give.
  'quality.expected':
    '在本机处理的预计质量：{db} dB，{band, select, clean {水印应当看不出来。} faint {在平坦处可能留下淡淡的水印痕迹。} other {结果很可能留有水印痕迹。}}',
  'quality.notChosen': '因此没有为你预选“本机”：请先对比两张预览再选择。',
  'quality.short': '预计 {db} dB',
  'cli.engine.expectedLow':
    '使用 --engine local 时仍会处理，但除非处理后的检查找不到水印痕迹，否则每个结果都会标为“水印仍可见”。',
  'finder.maskShare': '蒙版覆盖每张图片的 {share}。',
  'finder.tickGroup': '{count, plural, other {此组全部 # 张}}',
  'finder.unsure': '不确定（{percent}）',
  'finder.unreadable': '无法读取',
  'finder.unreadableTitle': '无法读取（{count}）',
  'preview.title': '免费预览：{name}',
  'preview.afterWord': '免费预览',
  'preview.note': '在本机用简单重绘免费生成，用来显示蒙版覆盖的范围。服务本身的结果通常更干净。',
  'preview.making': '正在生成预览',
  'preview.repainting': '正在本机重绘蒙版区域…',
  'preview.failed': '无法生成预览：{reason}',
  'preview.close': '关闭',
  'preview.eachEngine': '{name} 两种方式的处理结果',
  'preview.enlarged': '{name}，放大标记周围，两种方式分别处理：',
  'preview.cleanedLocal': '本机处理',
  'preview.cleanedService': '服务处理',
  'preview.undoing': '正在本机去除标记',
  'preview.serviceCleaning': '服务正在处理',
  'preview.askService': '用服务预览 – {credits}',
  'preview.question': '将 {name} 发送给服务预览，花费 {credits}？',
  'preview.confirm': '确认用服务预览 {name}',
  'preview.byService': '服务 — 每张 {credits}{demo, select, true {（演示模式下免费）} other {}}',
  'output.summary': '输出：{folder} · 文件名如 {example}',
  'output.besideEach': '每张图片旁的“clearframe”文件夹',
  'output.creditsLeft': '剩余 {count, plural, other {# 积分}}',
  // Demo figures said as simulated, and what an empty filter of the results says.
  'output.demoCreditsLeft': '剩余 {count, plural, other {# 演示积分}}（模拟）',
  'account.demoCreditsLeft': '剩余 {remaining} / {limit, plural, other {# 演示积分}}（模拟）',
  'account.demoBalance': '{balance}（模拟的演示余额）',
  'jobs.empty.all': '此列表中没有图片',
  'jobs.empty.running': '没有进行中的图片',
  'jobs.empty.failed': '没有失败的图片',
  'jobs.empty.doubt': '没有需要检查的结果',
  'jobs.empty.done': '还没有完成的图片',
  'output.folder': '文件夹',
  'output.folderPlaceholder': '每张图片旁边',
  'output.choose': '选择…',
  'output.fileName': '文件名',
  'output.conflict': '名称已被占用时',
  'output.layout': '拖入文件夹的子文件夹',
  'output.metadata': '保留元数据（EXIF、色彩配置文件）',
  'output.format': '格式',
  // ── end of Images workspace.

  // ── Command line and main process: keys of their messages go below this line.
  // 命令行：每个命令的用途和写法。
  'cli.summary.help': "列出命令，或显示某个命令的用法（help '<'命令>）",
  'cli.summary.remove': '去除图片和文件夹中的水印（用 --demo 在模拟器上试用）',
  'cli.summary.video': '视频项目：new、add-round、import、run、status、spending',
  'cli.summary.jobs': '各状态下有多少任务（用 --watch 持续查看）',
  'cli.summary.balance': '水印积分和视频余额',
  'cli.summary.key': '在系统钥匙串中设置、测试或清除 API 密钥',
  'cli.summary.simulator': '运行服务的本地替身（--port=N）',
  'cli.summary.version': '显示版本',
  'cli.help.usage': '用法：clearframe help [命令]',
  'cli.help.head': "用法：clearframe '<'命令> [选项]\n\n命令：",
  'cli.help.foot':
    '大多数命令都接受的选项：--json（每行一个 JSON 对象），--demo（用内置模拟器代替服务），\n--data-dir 文件夹（另一个数据文件夹）。\n\n退出码：{done} 完成；{someFailed} 部分任务失败或等待你决定，或出错；{usage} 命令行有误；\n{noKey} 没有 API 密钥；{spending} 预算上限或余额使付费的一轮停止；{interrupted} 已中断。',
  'cli.version.usage': '用法：clearframe version',
  'cli.jobs.usage':
    '用法：clearframe jobs [--watch] [--json] [--data-dir 文件夹]\n  各状态下有多少图片和视频轮次。--watch 每秒刷新一次，直到按 Ctrl+C。',
  'cli.balance.usage':
    '用法：clearframe balance [--demo] [--json] [--data-dir 文件夹]\n  水印积分和视频余额，各自以其服务报告的为准。',
  'cli.remove.usage':
    "用法：clearframe remove '<'文件|文件夹…> [--mask 文件 | --mask-rect x,y,宽,高 | --auto-mask] [--out 文件夹]\n                          [--recursive] [--concurrency n] [--retry] [--force] [--dry-run] [--demo] [--json] [--data-dir 文件夹]\n  去除每张指定图片以及文件夹中找到的图片上的水印。--mask 接受一个蒙版文件（除纯黑或纯白外\n  任意颜色的标记，或黑底白色）；--mask-rect 以图片像素标出一个矩形，发送前会逐张图片检查。\n  崩溃后再次运行即可继续：已发送的内容不会再次发送。\n  --retry   重试失败的文件：服务已有图片的，免费再次询问；服务从未接收的文件重新准备（例如替换之后）\n  --force   对已处理或失败的文件发起新的付费尝试（每张 1 积分）\n{masks}\n{engines}",
  'cli.masks.usage':
    '  --mask-anchor top-left|top-right|bottom-left|bottom-right|relative\n            --mask-rect（及 --mask-clear-outside）的测量基准：指定一个角时，x,y 是到该角两边的距离，\n            因此一个矩形适用于任何尺寸的照片；relative 时，四个数都是图片的比例，从 0 到 1\n  --auto-mask         找出图片共有的水印，并在发送前按组显示找到的内容；此时 --mask-rect 只是粗略提示\n  --dry-run           显示将要发送的内容后停止：不发送，也不付费\n  --save-masks 文件夹  把每组的蒙版按原尺寸存为 PNG（黑底白色）放到该文件夹\n  --mask-grow n, --mask-shrink n, --mask-invert, --mask-clear-outside x,y,宽,高\n                      发送前修改蒙版：扩大或缩小 n 像素、反转、清除矩形以外的全部内容\n  --mask-whole        把标记了每个像素的 --mask 文件（例如全白）当作标记整张图片，\n                      整张图片都会被重绘',
  'cli.engine.usage':
    '  --engine service|local\n                      service（默认）：由服务处理每张图片，每张 1 积分；\n                      local：由这台电脑还原 --auto-mask 在本批中测得的水印混合，免费且离线；\n                      无法测出水印的图片会被排除并列出（请用 --engine service 发送）',
  'cli.video.usage':
    "用法：\n  clearframe video new '<'名称> [--shot 标题]\n  clearframe video add-round '<'项目或镜头 ID> --prompt 文本 [--duration 秒（默认 {seconds}）] [--resolution 480p|720p]\n        [--ratio 16:9] [--model ID] [--image URL[=角色]]… [--video URL] [--audio URL] [--auto]\n        [--last-frame] [--generate-audio] [--watermark]\n  clearframe video add-round --extend '<'轮次 ID> --prompt 文本\n  clearframe video import '<'文件.csv|文件.json> (--project ID | --new 名称) [--yes]\n  clearframe video run [--concurrency n] [--out 文件夹] [--demo]\n  clearframe video status [项目 ID]\n  clearframe video spending [--project ID] [--month YYYY-MM] [--csv 文件]\n        服务可能已扣费的每一轮（其扣费，或在服务尚未告知时的估算），按时间从新到旧，\n        按月（这台电脑的时区）和按项目汇总；--csv 还会写成 CSV 文件，绝不覆盖已有文件\n全部命令都接受 --json 和 --data-dir 文件夹。\n\nvideo import 从 CSV 文件（首行为列名）或 JSON 对象列表中批量加入轮次，可用以下列或字段：\n  prompt      这一轮要呈现的内容（必填）\n  kind        {kinds}（默认 text）\n  references  image=URL、video=URL 或 audio=URL，用 | 分隔（JSON 中为列表）；同类中的第 N 个\n              在提示词中写作 @imageN、@videoN、@audioN。\"video=asset://id from\n              clip.mp4\" 指明上传所用的文件，以便在此检查其时长。\n  duration    秒数（默认 {seconds}；auto 时留空）\n  ratio       {ratios}（auto 时为 adaptive）\n  shot        指定同一镜头的轮次共用该镜头；未指定的轮次各得一个新镜头\n先检查每一行：只要有一行有误就什么都不加入，每个问题都会指明所在行。\n先显示各轮次及总费用，再询问是否加入；--yes 不询问直接加入（标准输入不是终端时必须使用）。",

  // 命令行：输入中的错误。
  'cli.unknownCommand': 'clearframe：未知命令“{name}”。运行“clearframe help”查看列表。',
  'cli.usageError': 'clearframe {command}：{problem} 请参阅 clearframe {command} --help。',
  'cli.commandProblem': 'clearframe {command}：{problem}',
  'cli.failed': 'clearframe：{problem}',
  'cli.unexpected': 'clearframe {command}：意外错误导致命令停止：{problem}',
  'cli.args.unknownOption': '未知选项 {option}。',
  'cli.args.unexpected': '多余的参数 {argument}。',
  'cli.args.takesNoValue': '{option} 不接受值。',
  'cli.args.needsValue': '{option} 需要一个值。',
  'cli.args.thatOption': '该选项',
  'cli.args.unreadable': '无法读取选项。',
  'cli.concurrency': '--concurrency 必须是 1 到 {most} 之间的整数。',
  'cli.fileProblem': '{file}：{problem}',
  'cli.note': '注意：{note}',
  'cli.ask.choices': '[y/N]',
  'cli.ask.yes': 'y|yes|是',

  // 命令行：列表中显示的状态和服务名称。
  'cli.state.queued': '排队中',
  'cli.state.preparing': '准备中',
  'cli.state.submitting': '发送中',
  'cli.state.submitted': '已发送',
  'cli.state.processing': '处理中',
  'cli.state.downloading': '保存中',
  'cli.state.done': '完成',
  'cli.state.failed': '失败',
  'cli.state.canceled': '已取消',
  'cli.state.needs-attention': '需要你决定',
  'cli.service.watermark': '水印',
  'cli.service.video': '视频',

  // 命令行：进度、跟随应用、计数和余额。
  'cli.progress.bar': '{label} [{bar}] {settled}/{total}{failed, plural, =0 {} other {，# 个失败}}',
  'cli.progress.skipped': '已跳过',
  'cli.progress.waiting': '等待中：{reason} 按 Ctrl+C 在此停止，所有任务都会留到下次运行。',
  'cli.progress.resumed': '继续：磁盘上又有空间了。',
  'cli.follow.otherOut':
    '{holder} 正在使用此数据文件夹，并把结果写到 {theirs}，而不是 {out}。请不带 --out 运行，或退出应用后再运行。',
  'cli.follow.defaultFolders': '其默认文件夹',
  'cli.follow.handedOver':
    '{holder} 正在使用此数据文件夹：这些任务由它运行，进度显示在这里。按 Ctrl+C 停止跟随；应用会继续运行。',
  'cli.jobs.count': '{state} {count}',
  'cli.jobs.none': '无',
  'cli.jobs.images': '图片：{list}',
  'cli.jobs.rounds': '视频轮次：{list}',
  'cli.jobs.clips': '片段：{list}',
  'cli.remove.clipInWindow':
    '片段在窗口中处理（图片界面的“视频”区域），那里由 WebCodecs 解码；命令行无法做到。',
  'cli.balance.line': '{service}：{quota}（来自 {host}）',
  'cli.balance.failed': '{service}：{problem}',
  'cli.balance.unknown': '未知',

  // 命令行：去除水印。
  'cli.remove.noInputs': '请至少指定一张图片或一个文件夹。',
  'cli.remove.noMaskFile': '蒙版文件 {file} 不存在。',
  'cli.remove.masksWritten': '已写入蒙版：{files}。',
  'cli.remove.noMasksWritten': '已写入蒙版：无（未找到水印）。',
  // 付费蒙版：覆盖图像的比例，超过阈值时先询问。
  'masks.share':
    '{count, plural, =1 {蒙版覆盖图片的 {largest}。} other {{same, select, yes {每个蒙版覆盖图片的 {largest}。} other {蒙版覆盖图片的 {smallest} 至 {largest}。}}}}',
  'masks.largeShare':
    '{count, plural, other {# 张图片的蒙版超过图片的 {limit}（最大覆盖 {largest}）：服务会重绘整个蒙版区域，每张 1 积分。}}',
  'cli.masks.large.usage':
    '  --allow-large-mask  不经询问发送覆盖超过图像 {limit} 的蒙版\n                      （在终端中会询问；不在终端时不发送任何内容，退出码 2）',
  'cli.remove.askLargeMasks': '仍然用这些蒙版发送吗？',
  'cli.remove.sayLargeMasks':
    '未发送任何内容。请检查蒙版（--dry-run 列出、--save-masks 写出），或加上 --allow-large-mask 按原样发送。',
  'cli.remove.largeMasksRefused':
    '未发送任何内容。请给出更小的蒙版（--mask-rect 或 --mask），或在窗口中手动标记这些图像。',
  'images.largeMasks.label': '大蒙版',
  'images.largeMasks.ask': '{count, plural, other {仍然发送，还是先手动标记？}}',
  'images.largeMasks.send': '仍然发送',
  'images.largeMasks.byHand': '手动标记',

  'cli.remove.dryRun':
    '试运行：查看了 {count, plural, other {# 张图片}}，没有发送任何内容，也没有付费。',
  'cli.remove.cleaning': '处理中',
  'cli.remove.payingAgain':
    '--force：将 {count, plural, other {# 个文件}}作为新的付费尝试发送，共 {credits}（包括从未发送过的文件）。',
  'cli.remove.retryInApp':
    '应用正在使用此数据文件夹，因此之前尝试过的文件要在应用中重试：在其窗口中使用“再次查询”或“重新发送（付费）”，或退出应用后再运行此命令。',
  'cli.remove.itIs': '状态：{state}。',
  'cli.remove.summary':
    '完成 {done}，失败 {failed}{attention, plural, =0 {} other {，# 个需要你决定（服务可能已收到）}}{skipped, plural, =0 {} other {，# 个未采用（均已在上方列出原因）}}。',
  'cli.plan.drawnMask': '手绘蒙版',
  'cli.plan.unreadableMask': 'Clearframe 无法读回的蒙版（其任务记录已损坏）',
  'cli.plan.noMask': '无蒙版（由服务选择角落）',
  'cli.plan.alreadyCleaned':
    '{file}：已用 {used} 处理过，因此未使用 {asked}。如要用它付费重新尝试，请加上 --force（{credits}）。',
  'cli.plan.forceDamaged': '在命令行中，--force 会把它作为新任务重新加入（{credits}）。',
  'cli.plan.retryFree':
    '加上 --retry 再次运行可免费再问一次服务；--force 会付费重新尝试（{credits}）。',
  'cli.plan.forceAgain': '--force 会重新发送（{credits}，可能产生第二次付费）。',
  'cli.plan.retryLater': '问题解决后，加上 --retry 再次运行（服务接收时扣除 {credits}）。',
  'cli.engine.unknown': '--engine 只接受 service 或 local。',
  'cli.engine.needsAutoMask':
    '--engine local 会还原在整批图片中测得的水印混合：请加上 --auto-mask（需要至少 3 张同尺寸且带相同水印的图片）。',
  'cli.engine.notLocal':
    '在本批中无法为它测出水印（需要至少 3 张同尺寸且带相同水印的图片），因此未处理：请用 --engine service 发送，或手动标记。',
  'cli.engine.groupLocal':
    '第 {number} 组（{count, plural, other {# 张带水印的图片}}）：在这台电脑上免费处理；不发送任何内容。',
  'cli.engine.groupLeftOut':
    '第 {number} 组（{count, plural, other {# 张图片}}）：未处理，{reason}',
  'cli.engine.groupService':
    '第 {number} 组（{count, plural, other {# 张图片}}）：由服务处理，{credits}。',

  // 命令行：视频项目和轮次。
  'cli.video.costUpTo':
    '最多 {cost}（自动模式：时长由模型决定；{seconds} 秒 × {rate} USD/秒 是最高费用）',
  'cli.video.costAbout': '约 {cost}（{seconds} 秒 × {rate} USD/秒）',
  'cli.video.upTo': '最多 {cost}',
  'cli.video.about': '约 {cost}',
  'cli.video.nameProject': '请为新项目命名。',
  'cli.video.created': '项目“{name}”：{projectId}\n镜头 1：{shotId}',
  'cli.video.needsPrompt': '--prompt 为必填项：请说明这一轮要呈现什么。',
  'cli.video.wholeSeconds': '--duration 只接受整秒数，例如 8。',
  'cli.video.noRound': '没有轮次 {id}。',
  'cli.video.nameTarget': '请指定这一轮所属的项目或镜头。',
  'cli.video.noTarget': '没有项目或镜头 {id}。“clearframe video status”会列出它们。',
  'cli.video.queuedRound': '已加入第 {position} 轮：{roundId}\n费用：{cost}',
  'cli.video.overCap':
    '注意：队列中的全部内容加上已花费的共 {planned}，超过预算上限 {cap}；超出上限的轮次会在付费前停止。',
  'cli.video.overMonthlyCap':
    '注意：队列中的全部内容加上 {month} 已花费的共 {planned}，超过每月预算上限 {cap}；超出上限的轮次会在付费前停止。',
  'cli.video.round': '第 {position} 轮 {state} {money}',
  'cli.video.charged': '已扣费 {cost}',
  'cli.video.estimated': '估计 {cost}',
  'cli.video.demoCost': '本应花费 {cost}（演示，未扣费）',
  'cli.video.rendering': '生成中',
  'cli.video.ran':
    '{total} 轮中完成 {done} 轮，扣费 {charged}。{refused, plural, =0 {} other {# 轮因预算上限或余额而停止。}}',
  'cli.video.ranDemo':
    '{total} 轮中完成 {done} 轮；本应花费 {charged}，但由内置模拟器生成，未扣任何费用。{refused, plural, =0 {} other {# 轮因预算上限或余额而停止。}}',
  'cli.video.noProject': '没有项目 {id}。运行“clearframe video status”查看列表。',
  'cli.video.project': '{name}  ({id})',
  'cli.video.shot': '镜头 {position}  ({id})',
  'cli.video.shotTitled': '镜头 {position}“{title}”  ({id})',
  'cli.video.spending': '已花费 {spent}；进行中 {inFlight}；排队 {queued}（如全部运行）。',
  'cli.video.nameFile': '请指定要导入的 CSV 或 JSON 文件。',
  'cli.video.sayWhere': "请说明轮次加到哪里：--project '<'ID> 或 --new '<'名称>。",
  'cli.video.importTotal': '{count, plural, other {# 轮}}，{total}。',
  'cli.video.cannotAsk':
    'clearframe video import：没有加入任何内容。标准输入不是终端，Clearframe 无法询问：加上 --yes 即按显示的费用加入这些轮次。',
  'cli.video.askQueue': '以 {total} 加入 {count, plural, other {# 轮}}？',
  'cli.video.nothingQueued': '没有加入任何内容。',
  'cli.video.queuedImport':
    '已在项目 {projectId} 中加入 {count, plural, other {# 轮}}。“clearframe video run”会生成它们。',
  'cli.video.unknownSub': '未知子命令“{name}”。',
  'cli.video.nameSub': '请指定一个子命令。',
  'cli.session.demo': '演示模式：使用内置模拟器；不会向真实服务发送任何内容。',
  'cli.session.simulator': '内置模拟器（演示模式）',
  'cli.session.unsaidService': '一个未说明的服务',
  'cli.session.busy':
    '{holder} 已在数据文件夹 {folder} 中工作。请等它完成（或按 Ctrl+C 停止），然后再运行。',
  'cli.session.otherService':
    '{holder} 正在使用数据文件夹 {folder}，并把{service}请求发送到 {theirs}，而此命令会使用 {ours}，因此无法接手这些任务。请退出应用后再运行，或让两者使用同一服务（应用处于演示模式时加上 --demo）。',
  'cli.session.otherServiceDemo':
    '{holder} 正在使用数据文件夹 {folder}，并把{service}请求发送到 {theirs}，而此命令会使用 {ours}，因此无法接手这些任务。请退出应用后再运行，或让两者使用同一服务（不加 --demo）。',
  'cli.session.noWatermarkKey':
    '未设置水印 API 令牌。运行“clearframe key set watermark”（或设置 {variable}），或加上 --demo 使用内置模拟器。',
  'cli.session.noVideoKey':
    '未设置视频 API 密钥。运行“clearframe key set video”（或设置 {variable}），或加上 --demo 使用内置模拟器。',
  'cli.key.usage':
    '用法：clearframe key set|test|clear watermark|video\n  set 从标准输入读取密钥（在终端中输入时不回显），因此它不会出现在 shell 历史或进程列表中。',
  'cli.key.noDemo': '内置模拟器不需要密钥；请去掉 --demo。',
  'cli.key.removed':
    '已从系统钥匙串中移除{kind, select, watermark {水印 API 令牌} other {视频 API 密钥}}。',
  'cli.key.noneStored': '未保存过{kind, select, watermark {水印 API 令牌} other {视频 API 密钥}}。',
  'cli.key.paste':
    '粘贴{kind, select, watermark {水印 API 令牌} other {视频 API 密钥}}后按回车（不会显示）：',
  'cli.key.notSet':
    '未设置{kind, select, watermark {水印 API 令牌} other {视频 API 密钥}}。请运行“clearframe key set {kind}”。',
  // ── The agent door (clearframe mcp) and its allowance.
  'cli.summary.mcp': '通过 MCP（stdio）为 AI 代理服务，不超过每日限额',
  'cli.mcp.usage':
    '用法：clearframe mcp [--credits-per-day=N] [--usd-per-day=X] [--demo] [--data-dir=DIR]\n  面向 AI 代理（Claude Desktop、Claude Code 等）的 MCP 服务器，使用标准输入和输出：查找水印、清除图片水印、为视频轮次报价并加入队列、查看任务和花费。\n  付费工具不超过在设置（代理每日限额）中或由这些选项为本服务器设定的每日限额；没有限额时，不发送任何付费请求。',
  'cli.mcp.badCredits': '{option} 需要 0 或更大的整数积分。',
  'cli.mcp.badUsd': '{option} 需要 0 或更大的 USD 金额。',
  'mcp.refused.credits':
    '这最多会花费 {cost}，而代理限额今天在 {allowance} 中只剩 {left}：没有发送任何内容。如要允许，请在设置中提高“代理每日限额”，或用 --credits-per-day 启动服务器。',
  'mcp.refused.usd':
    '这一轮最多会花费 {cost}，而代理限额今天在 {allowance} 中只剩 {left}：没有发送任何内容。如要允许，请在设置中提高“代理每日限额”，或用 --usd-per-day 启动服务器。',
  'mcp.asked.no':
    '有人在 Clearframe 的窗口中回答了“否”：没有发送任何内容。再次调用前请先询问，或请其在设置中提高“代理每日限额”。',
  'mcp.asked.noAnswer':
    '{seconds, plural, other {#}} 秒内没有人在 Clearframe 的窗口中回答：没有发送任何内容。请在有人可以允许时再次调用，或请其在设置中提高“代理每日限额”。',
  'mcp.ledgerDamaged':
    '无法读取代理限额文件 {file}，因此不发送任何付费请求。请检查或删除它：删除后今天的计数从零重新开始。',
  'mcp.round.needsProject':
    '请指定项目：它的 ID（project）或新项目的名称（project_name）。没有发送任何内容。',
  'mcp.round.needsLength':
    '请为这一轮指定以秒计的时长：不定的时长没有可让限额把关的价格。没有发送任何内容。',
  'mcp.round.lost':
    '这次调用以前已开始，可能已将其轮次加入队列：用新的意图再次调用前，请先查看各轮（clearframe video status）。这次没有发送任何内容。',
  'mcp.round.waits':
    '这一轮已加入队列，排在代理未加入的 {count, plural, other {# 轮}}之后：它们全部由应用或“clearframe video run”发送，而不是由代理发送。',
  'settings.agentAllowance.credits': '代理每日限额（水印积分）',
  'settings.agentAllowance.usd': '代理每日限额（视频，USD）',
  'settings.agentAllowance.hint':
    '通过“clearframe mcp”连接的 AI 代理每天可以花费的限额；为 0 时不能花费任何费用。',
  // ── end of the agent door.
  // ── The agent's question in the window.
  'agentAsk.label': '来自 AI 代理的询问',
  'agentAsk.who': '{agent} 请求超出代理今天的每日限额进行花费。',
  'agentAsk.whoUnnamed': '一个 AI 代理请求超出代理今天的每日限额进行花费。',
  'agentAsk.position': '第 {index} 个，共 {count} 个',
  'agentAsk.clean': '将 {images, plural, other {# 张图片}}发送到水印服务，最多花费 {cost}？',
  'agentAsk.round': '将一轮 {seconds} 秒的视频加入队列并发送，约 {cost}？',
  'agentAsk.places': '图片来自：{places}',
  'agentAsk.morePlaces': '{places} 等另外 {more} 个',
  'agentAsk.prompt': '提示词：{prompt}',
  'agentAsk.hint': '在你回答“是”之前不会发送任何内容；回答“否”则拒绝这次调用。',
  'agentAsk.yes': '是，发送',
  'agentAsk.no': '否',
  'agentAsk.gone': '代理已停止等待：没有发送任何内容。',
  // ── end of the agent's question.
  'cli.summary.open': '将文件和文件夹放入已打开的 Clearframe 窗口',
  'cli.open.usage':
    '用法：clearframe open 路径... [--data-dir=文件夹]\n  将图片和文件夹放入正在运行的 Clearframe 窗口，如同拖放到那里一样。',
  'cli.open.nothing': '请至少指定一个要打开的文件或文件夹。',
  'cli.open.missing': '{path} 不存在，已略过。',
  'cli.open.notRunning':
    'Clearframe 没有以数据文件夹 {folder} 打开。请启动 Clearframe 后再运行一次，或在这里用“clearframe remove”处理这些文件。',
  'cli.open.commandHolds':
    '正在使用数据文件夹 {folder} 的是 {holder}，而不是 Clearframe 应用。请在它结束后启动 Clearframe，再运行一次。',
  'cli.open.noAnswer':
    '{holder} 没有响应。请把文件拖到它的窗口里，或重启 Clearframe 后再运行一次。',
  'cli.open.sent': '{count, plural, other {已将 # 项交给 Clearframe 窗口。}}',
  'cli.spending.head': '视频花费，{projects}，{months}（月份按这台电脑的时区）：',
  'cli.spending.everyProject': '所有项目',
  'cli.spending.project': '项目 {id}',
  'cli.spending.everyMonth': '所有月份',
  'cli.spending.line': '{when}  {project}，镜头 {shot} 第 {round} 轮{prompt}  {cost}  {status}',
  'cli.spending.length': '{seconds} 秒 × {rate} USD/秒 = {cost}',
  'cli.spending.removed': '{project}（已移除）',
  'cli.spending.demo': '演示：本应花费，未扣费',
  'cli.spending.charged': '已扣费',
  'cli.spending.estimated': '估算：服务未告知',
  'cli.spending.inFlight': '已发送，未完成：估算',
  'cli.spending.nothing': '没有向服务发送任何内容。',
  'cli.spending.byMonth': '按月：',
  'cli.spending.byProject': '按项目：',
  'cli.spending.row': '{name}：{sum}',
  'cli.spending.sum': '已花费 {spent}，已发送未完成的轮次 {inFlight}',
  'cli.spending.sumWithDemo':
    '已花费 {spent}，已发送未完成的轮次 {inFlight}；演示轮次本应花费 {demo}',
  'cli.spending.total': '合计：{sum}。',
  'cli.spending.saved': '已将 {count, plural, other {# 笔扣费}}保存为 {path}',
  'cli.spending.savedWithDemo':
    '已将 {count, plural, other {# 笔扣费}}和 {demo, plural, other {# 轮演示}}（均未扣费）保存为 {path}',
  'cli.spending.badMonth': '--month {month} 不是月份。{hint}',
  'cli.spending.noProject': '{problem}“clearframe video status”会列出项目及其 ID。',
  'cli.masks.anchorValues': '--mask-anchor 只接受以下值之一：{anchors}。',
  'cli.masks.rectForm': '{option} 接受以图片像素为单位的 x,y,宽,高，例如 1200,900,400,120。',
  'cli.masks.pixels': '--mask-grow 和 --mask-shrink 接受 1 到 1000 之间的整数像素。',
  'cli.masks.notBoth': '请指定 --mask 或 {other}，不要同时指定。',
  'cli.masks.anchorAlone':
    '--mask-anchor 指定 --mask-rect 或 --mask-clear-outside 的测量基准：请同时指定其中之一。',
  'cli.masks.saveNeedsAuto': '--save-masks 写出 --auto-mask 找到的蒙版：请加上 --auto-mask。',
  'cli.masks.toolsAlone': '蒙版工具用于修改蒙版：请同时指定 --mask-rect、--mask 或 --auto-mask。',
  'cli.masks.outside':
    '{file} 的尺寸是 {size}，而 {rect} 超出了它，因此没有发送任何内容。请指定一个在每张图片内的矩形，或用 --mask-anchor 从靠近水印的角开始测量。',
  'cli.masks.outsideNeeds':
    '{file} 的尺寸是 {size}，而 {rect} 超出了它（至少需要 {needed}），因此没有发送任何内容。请指定一个在每张图片内的矩形，或用 --mask-anchor 从靠近水印的角开始测量。',
  'cli.masks.ofSize': '{count, plural, other {# 张}} {sizes} 的图片',
  'cli.masks.ofSizes':
    '{count, plural, other {# 张}} {sizeCount} 种尺寸的图片（从 {corner} 角测量）',
  'cli.masks.none': '在{where}中没有找到共同的水印：这些图片将不带蒙版发送。',
  'cli.masks.box': '{x},{y} 处的 {size}',
  'cli.masks.found': '在{where}中的 {present} 张上找到水印：{boxes}（蒙版覆盖图片的 {share}）。',
  'cli.masks.score': '{file}（得分 {score}）',
  'cli.masks.notOn': '{files} 上没有：不带蒙版发送。',
  'cli.masks.tooFew':
    '{files}：{reason} 加上 --mask-rect 则这 {count, plural, other {# 张}}使用该矩形；不加则无蒙版。',
  'cli.masks.empty':
    '{file}：蒙版工具使其蒙版为空，因此没有发送任何内容：请少缩小一些，或清除更大矩形以外的部分。',
  'cli.masks.refused':
    '{where}中没有共同的水印：突出的部分会覆盖每张图片的 {share}，因此不予使用；这些图片将不带蒙版发送（可用 --mask 或 --mask-rect 指定蒙版）。',
  'cli.masks.unsure':
    '{file}：{reason}已排除：不为它发送任何内容（请用 --mask 或 --mask-rect 为它指定蒙版）。',
  'cli.masks.sayWhole':
    '{problem} 请说明它的意思：要重绘每张图片的全部，请加上 --mask-whole；否则去掉 --mask，服务会自己查找水印。',
  'cli.masks.askWhole': '{problem} 用它重绘每张图片的全部吗？',
  'cli.masks.wholeRefused':
    '没有发送任何内容。去掉 --mask，服务会自己查找水印；或者提供一个只标记水印的蒙版。',
  'cli.masks.wholeNeedsMask': '--mask-whole 用来说明 --mask 文件的意思：请同时提供 --mask。',
  'main.menu.checkForUpdates': '检查更新…',
  'main.menu.file': '文件',
  'main.menu.openLogs': '打开日志文件夹',
  'main.menu.help': 'Clearframe 帮助',
  'main.dialog.exportTakes': '导出项目的定版',
  'main.dialog.spendingCsv': '花费 CSV 保存到',
  'main.dialog.importMask': '导入蒙版',
  'main.dialog.chooseFolders': '选择图片文件夹',
  'main.dialog.images': '图片',
  'main.dialog.referenceImage': '选择一张图片作为参考',
  'main.dialog.exportMask': '导出蒙版',
  'main.dialog.saveFilm': '影片保存到',
  'main.notice.batchFinished': '这一批已完成。',
  'main.updates.latest': 'Clearframe {version} 已是最新版本。',
  'main.updates.title': '有可用更新',
  'main.updates.available': 'Clearframe {version} 现已可用（你当前是 {current}）。',
  'main.updates.availableShort': 'Clearframe {version} 现已可用。',
  'main.updates.install': '安装并重启',
  'main.updates.later': '稍后',
  'main.updates.failed': '无法检查更新。请检查网络连接，稍后再试。',
  'main.updates.offDevelopment': '开发版本中不检查更新。',
  'main.updates.offDemo': '演示模式下不检查更新；添加密钥即可开启。',
  'main.updates.offSetting': '已在设置中关闭更新。',
  'main.updates.noNotes': '没有发行说明。',
  'cli.simulator.usage':
    '用法：clearframe simulator [--port N]\n  运行服务的本地替身，直到按下 Ctrl+C（除非 --port 指定，否则使用任一空闲端口）。',
  'cli.simulator.badPort': 'clearframe simulator：--port 必须是 0 到 65535 之间的整数。',
  'cli.simulator.watermark': '水印接口基础 URL',
  'cli.simulator.video': '视频接口基础 URL',
  'cli.simulator.key': '演示密钥',
  'cli.simulator.requestLog': '请求日志',
  'cli.simulator.stop': '按 Ctrl+C 停止。',
  'main.startFailure.title': '无法启动 Clearframe',
  'main.startFailure.bodyNoLog':
    '{what}\n\n无法写入日志，数据文件夹和临时文件夹都不行。\n请再次启动 Clearframe；如果以同样方式失败，请把这条消息复制到你的报告中。',
  'main.startFailure.body':
    '{what}\n\n详细信息在日志中：{logFile}\n请再次启动 Clearframe；如果仍以同样方式失败，请在报告中附上该文件。',
  // ── end of Command line and main process.

  // ── Engine, jobs and clients: keys of their sentences go below this line.
  'core.api.parameter': '服务拒绝了请求：{reason}。请修改输入后重试。',
  'core.api.method': '服务拒绝了 Clearframe 的调用方式。请附上诊断信息报告此问题。',
  'core.api.authentication': '服务不接受该 API 密钥。请在设置中检查或更换密钥。',
  'core.api.videoBalance': '视频 API 余额不足以完成此请求。请在账户中充值后重试。',
  'core.api.watermarkCredits': '水印积分不足。请在账户中购买积分后重试。',
  'core.api.rateLimited': '服务繁忙，要求 Clearframe 放慢速度。它会自动重试。',
  'core.api.server': '服务出现内部问题。请几分钟后重试。',
  'core.api.network': 'Clearframe 无法连接到服务。请检查网络连接。',
  'core.api.timeout': '服务未及时响应。请稍后重试。',
  'core.api.aborted': '已停止。',
  'core.api.unexpected': '服务返回了 Clearframe 无法理解的应答。请稍后重试。',
  'core.api.download':
    '无法下载结果：{reason}。请用“再次查询”向服务索取新链接（免费）；不会重新发送。',
  'core.api.proxyUnusableSystem':
    '系统代理设置让到 {host} 的连接经过 {named}，Clearframe 无法使用它。Clearframe 只支持 HTTP 和 HTTPS 代理：请在系统代理设置中添加一个，或将 HTTPS_PROXY 设为一个（http://host:port），然后重试。',
  'core.api.proxySocks': 'SOCKS 代理（{address}）',
  'core.api.proxyUnknownKind': '未知类型的代理（“{entry}”）',
  'core.api.proxyNotAddress':
    '{variable} 不是代理地址。Clearframe 只支持 HTTP 和 HTTPS 代理：请在系统代理设置中添加一个，或将 HTTPS_PROXY 设为一个（http://host:port），然后重新启动 Clearframe。',
  'core.api.proxyUnusableVariable':
    '{variable} 指向{scheme, select, socks {SOCKS 代理} other {{scheme} 地址}}（{host}），Clearframe 无法使用。Clearframe 只支持 HTTP 和 HTTPS 代理：请在系统代理设置中添加一个，或将 HTTPS_PROXY 设为一个（http://host:port），然后重新启动 Clearframe。',
  'core.api.proxyCredentials':
    '代理要求用户名和密码。请把它们写进 HTTPS_PROXY 或系统代理设置中的代理地址（http://user:password@host:port），然后重试。',
  'core.api.proxyRefused':
    '代理拒绝打开到服务的连接（返回 HTTP {status}）。请检查代理设置，或请代理管理员放行服务的地址。',
  'core.api.deadline': '任务未在 {minutes} 分钟内完成',
  'core.jobs.stoppedWaiting':
    'Clearframe 已停止等待：{reason}。任务仍在服务上；请稍后用“再次查询”获取（免费）。“重新发送”会再次付费。',
  'core.jobs.unknownStatus':
    '直到停止等待，服务一直返回 Clearframe 不认识的状态（“{status}”）。任务仍在服务上；请稍后用“再次查询”获取（免费）。“重新发送”会再次付费。',
  'core.jobs.linkGone':
    '{what, select, clip {片段} other {结果}}的链接已失效，再次查询时服务返回“{status}”且没有新链接。请稍后用“再次查询”（免费）；“重新发送”会再次付费。',
  'core.import.cannotRead':
    'Clearframe 无法读取 {name}：{why, select, missing {没有这个文件} folder {它是一个文件夹} denied {你没有打开它的权限} other {无法读取}}。请检查名称以及能否打开该文件，然后重新导入。',
  'core.import.notText':
    '{name} 不是文本文件。请把各轮存为 CSV（在电子表格中：文件、另存为、CSV）或 JSON，再导入该文件。',
  'core.import.columnList': '{first} 和 {last}',
  'core.import.empty':
    '{name} 中没有任何轮次。请每轮一行，并加上列名的标题行（{columns}），或使用轮次的 JSON 列表。',
  'core.import.badCsv':
    '{name} 不是 Clearframe 能读取的 CSV 文件{line, select, none {} other {（第 {line} 行）}}：{detail}。每行的字段数须与标题行相同，含逗号或换行的字段要放在双引号中。',
  'core.import.unknownColumn':
    '{name} 中有 Clearframe 不读取的列：{found}。可用的列是 {columns}；请重命名或删除该列。',
  'core.import.noPrompt': '{name} 没有“prompt”列。第一行写列名（{columns}）；每一轮都需要提示词。',
  'core.import.badJson': '{name} 不是有效的 JSON（{detail}）。请修正，或把各轮存为 CSV。',
  'core.import.notList':
    '{name} 必须是轮次的 JSON 列表，例如 [\'{\'"prompt": "海港上空的海鸥", "duration": 5\'}\']。',
  'core.import.notCsvOrJson':
    '{name} 不是 CSV 或 JSON 文件。轮次可从 .csv 文件（存为 CSV 的电子表格）或 .json 文件导入。',
  'core.import.rowLabel': '第 {line} 行',
  'core.import.roundLabel': '第 {index} 轮（第 {line} 行）',
  'core.import.shot':
    '{titled, select, true {镜头 {position}“{title}”} other {镜头 {position}}}{isNew, select, true {（新建）} other {}}',
  'core.import.refused':
    '没有从 {file} 加入任何内容：有 {rows, plural, other {# 轮}}违反了规则。{problems} 请修正文件后重新导入。',
  'core.import.projectGone': '该项目已不存在；请选择其他项目。',
  'core.rounds.noShot': '没有镜头 {shot}。',
  'core.rounds.noRound': '没有轮次 {round}。',
  'core.rounds.malformed': '请求格式有误（{detail}）。',
  'core.rounds.refused': '这一轮无法按原样发送。{problems} 没有扣费。',
  'core.rounds.notFinished': '这一轮尚未完成；请在片段就绪后再延长。',
  'core.rounds.noLastFrame':
    '这一轮生成时没有开启“返回尾帧”，服务没有保留可接续的帧。请在窗口中延长（它会从片段中取尾帧），或用你自己的图片开始下一轮。',
  'core.rounds.needsAsset':
    '服务只接受已上传素材（asset://…）形式的参考视频，而这个片段返回的是下载链接。请把 {clip} 上传到服务商网站上的账户，再在这里填写它的 asset:// 地址；或使用无需上传的“从尾帧延长”。',
  'core.rounds.theClip': '该片段',
  'core.rounds.frameUnreadable':
    '从片段中取出的帧不是 Clearframe 能读取的图片：请先播放一次片段，再重新延长。',
  'core.rounds.frameSize': '从片段中取出的帧为 {frame}，片段为 {clip}：请重新延长。',
  'core.rounds.noProjectHere': '此数据文件夹中没有项目 {project}。',
  'core.rounds.nameProject': '请给项目起个名字。',
  'core.rounds.gone': '该{kind, select, project {项目} shot {镜头} other {轮次}}已不存在。',
  'core.rounds.stillOpen':
    '{kind, select, project {{count, plural, other {此项目中有 # 轮仍在等待、运行或等你决定：请取消或等它们完成，再移除项目。}}} shot {{count, plural, other {此镜头中有 # 轮仍在等待、运行或等你决定：请取消或等它们完成，再移除镜头。}}} other {{count, plural, other {这一轮仍在等待、运行或等你决定：请取消或等它完成，再移除它。}}}}',
  'core.rounds.notThisShot': '该轮次不属于这个镜头。',
  'core.rounds.takeNeedsClip': '只有已完成且有片段的轮次才能作为镜头的定版。',
  'core.rounds.promptUnknown':
    '第 {position} 轮是从服务的任务列表添加的，这里不知道它的提示词，Clearframe 不会为替代内容付费。请在轮次编辑器中写好提示词（“编写提示词…”会补全其余部分），再加入队列。',
  'core.rounds.roundGone': '该轮次已不存在。',
  'core.rounds.taskInShot': '该任务已在某个镜头中。',
  'core.watermark.maskFileGone': '无法读取蒙版文件 {file}；请确认它仍然存在，然后重试。',
  'core.watermark.noMeasurement':
    '{name} 在没有水印测量结果的情况下被加入了本机队列：请重新查找水印，或将其发送到服务。',
  'core.jobs.roundUnknownOutcome':
    '发送这一轮时连接中断，服务列表中也没有明确对应它的任务，因此可能已扣费，也可能没有。请检查你的账户，然后重新发送或取消它。',
  'core.jobs.roundUnknownOutcomeDamaged':
    '它的发送被中断，可能已扣费，也可能没有；由于请求已丢失，无法确定服务上哪个任务是它。请检查你的账户，然后重新编写这一轮（应用中的“编写提示词…”）。',
  'core.jobs.imageUnknownOutcome':
    '服务可能在连接中断前已收到这张图片，因此可能已用掉一个积分。只有在你接受这一点时才重新发送。',
  'core.jobs.roundReported': '服务报告这一轮为 {status}。',
  'core.jobs.noVideo': '服务完成了这一轮，但没有给出视频。',
  'core.clips.refused':
    '{reason, select, noVideo {{name} 没有视频轨道。} noEncoder {这台电脑无法按原尺寸编码 {name}：H.264 和 VP9 都不可用。} soundContainer {{name} 的声音无法放入 WebM 文件，而这台电脑无法写出 MP4 中的 H.264。} noMark {{name} 全程没有静止不动的标记：会移动、或在不同场景中位置不同的标记无法从片段中去除。} markTooLarge {{name} 中静止的部分占画面太多，不像是标志：是固定镜头还是边框？} markMoves {{name} 中的标记在不同场景里位置不同：请在场景切换处把片段分开，再分别拖入每一段。} tooFewFrames {{name} 太短或画面太静止，找不到标记：至少需要 60 个不同的帧。} pixelFormat {{name} 的帧不是 8 位 4:2:0，这是处理唯一能读取的画面格式。} other {无法处理 {name}。}}',
  'core.clips.lost': '{name} 处理后的片段在保存前丢失了：请再运行一次。',
  'core.clips.failed':
    '{name} 的处理在窗口中停止了（{detail}）。请重试：已处理的部分会保留；如果再次停止，请用播放器打开这个片段，确认它能播放到结尾。',
  'core.clips.segmentsDamaged':
    '{name} 已处理分段的记录已损坏，因此不会保存损坏的文件，而是从首帧重新处理。',
  'core.clips.stopped': '已停止处理该片段；没有以它的名字保存任何内容。',
  'core.jobs.imageReported': '服务报告 {status}。',
  'core.jobs.failedOnService': '{reason}“重新发送”会为新的尝试付费。',
  'core.jobs.damagedRecord':
    'Clearframe 关于此{what, select, image {图片} other {轮次}}的记录已损坏：{problem}。{advice}',
  'core.jobs.damagedImageAdvice': '不会再为它发送任何内容：请取消它，然后重新添加图片。',
  'core.jobs.damagedRequestAdvice': '它不会按原样发送：请重新编写这一轮（应用中的“编写提示词…”）。',
  'core.jobs.damagedClipsAdvice': '它生成的片段（如有）仍保存在原处；要接着做，请编写新的一轮。',
  'core.jobs.storedNotJson': '其 {source} 不是有效的 JSON（{detail}）',
  'core.jobs.storedWrongShape': '其 {source} 中不是 Clearframe 写入的内容（{detail}）',
  'core.jobs.storedUnexpected': '意外的值',
  'core.jobs.databaseDamaged':
    '任务数据库已损坏（{detail}）。Clearframe 可以把它移到一边，以空队列重新开始；磁盘上的图片和结果不会被改动。',
  'core.jobs.ownResult': '这是 Clearframe 写出的结果（来自 {source}）。',
  'core.jobs.ownResultCopy': '这是 Clearframe 写出的结果的副本（来自 {source}）。',
  'core.jobs.alreadyCleaned': '它已用同一蒙版处理过（结果：{result}），因此不会再次发送。',
  'core.jobs.cleanedBefore':
    '之前已处理（{when}），结果为 {result}。使用同一蒙版时不会再次发送，除非你选择“重新处理”。',
  'core.jobs.roundPollingStopped': '已停止查询。服务仍可能完成这一轮并扣费。',
  'core.jobs.imagePollingStopped': '已停止查询。服务仍可能处理这张图片并用掉一个积分。',
  'core.fetch.plainHttp': '不通过明文 http 从 {host} 获取，只用 https',
  'core.fetch.scheme': '只下载 http 和 https 地址，不下载 {scheme}',
  'core.fetch.noLocation': '服务器返回 HTTP {status}，但没有说明跳转到哪里',
  'core.fetch.tooManyRedirects': '链接重定向超过 {max} 次',
  'core.fetch.badRedirect': '链接重定向到了无效地址',
  'core.fetch.downgrade': '链接从 https 重定向到了明文 http（{host}），不会跟随',
  'core.fetch.redirectedElsewhere': '链接重定向到了别处：{problem}',
  'core.fetch.notPlainName': '“{name}”不是普通的文件名',
  'core.fetch.outside': '“{name}”会被写到 {folder} 之外',
  'core.fetch.incomplete': '传输未完成',
  'core.fetch.gone': '结果已不在服务器上（HTTP {status}）',
  'core.fetch.expired': '结果链接已过期或被拒绝（HTTP 403）',
  'core.fetch.serverAnswered': '结果服务器返回 HTTP {status}',
  'core.fetch.tooBig': '结果为 {bytes} 字节，超过了允许的 {max} 字节',
  'core.fetch.grewTooBig': '结果超过了允许的 {max} 字节',
  'core.import.referencesList': '参考必须是地址列表，例如 ["image=https://…"]',
  'core.import.referenceType': '请说明参考 {number} 是什么：在其地址前写 image=、video= 或 audio=',
  'core.import.referenceOneAddress': '参考 {number} 需要一个地址；多个参考之间用 | 分隔',
  'core.import.referenceLocalFile':
    '参考 {number} 是本机上的文件（{url}），而服务只按地址接受参考：请把它上传到服务商网站上的账户，并填写它的 asset:// 地址（在后面加上“from {url}”即可在这里检查）',
  'core.import.referenceNotAddress':
    '参考 {number}（{url}）不是地址（asset:// 或 https://），也没有这个文件',
  'core.import.referenceNoFile':
    '参考 {number} 指向文件 {file}，但没有这个文件：请更正名称，或去掉“from …”',
  'core.import.referenceFileProblem': '参考 {number} 的文件 {file}：{problem}',
  'core.import.referenceProblem': '参考 {number}：{problem}',
  'core.import.referenceUnreadable':
    '无法把参考 {number} 的文件 {file} 作为{type, select, video {视频} other {音频}}读取：请指定上传时所用的文件，或去掉“from …”',
  'core.import.durationWhole': '时长必须是整数秒，例如 {example}；“{given}”不是',
  'core.import.notObject':
    '每一轮都必须是带提示词的对象，例如 \'{\'"prompt": "海港上空的海鸥"\'}\'',
  'core.import.unknownField': 'Clearframe 不读取字段“{field}”（{columns}）',
  'core.import.unknownKind': 'Clearframe 不认识类型“{kind}”；请使用 {kinds}',
  // ── end of Engine, jobs and clients.

  // ── Engine, media, files, keys and settings: keys of their sentences go below this line.
  'core.intake.notAnImage':
    '无论文件名如何，此文件都不是图片。请添加 JPEG、PNG、WebP、AVIF、HEIC、TIFF 或 GIF 文件。',
  'core.intake.unsupported': '不接受 {type} 图片。请将其转换为 PNG 或 JPEG 后重新添加。',
  'core.intake.gone': '文件已不在原处：可能已被移动、重命名或删除。请从其当前位置重新添加。',
  'core.intake.unreadable': '无法读取文件（{why}）。请确认 Clearframe 有权打开它，然后重新添加。',
  'core.intake.empty': '文件为空。请确认复制已完成，然后重新添加。',
  'core.intake.corrupt': '图片已损坏或不完整，无法读取。请在其他程序中打开检查，然后重新添加。',
  'core.intake.noSize': '图片没有尺寸，可能已损坏；请添加另一份副本。',
  'core.intake.tooManyPixels':
    '图片有 {megapixels} 百万像素，超过允许的 {limit}。请在设置中提高上限，或选择缩小大图。',
  'core.probe.unreadable': '无法读取文件。请确认文件存在且你有权打开。',
  'core.probe.damaged': '图片已损坏或不完整，无法读取。',
  'core.probe.cutShort':
    '图片已损坏或被截断：无法读取其全部像素。请在其他程序中打开检查，或重新复制。',
  'core.maskImport.unreadable': '无法将蒙版文件读取为图片。请导出为 PNG 后重试。',
  'core.maskImport.otherShape':
    '蒙版为 {mask}，而图片为 {image}，宽高比不同。请按图片尺寸导出蒙版。',
  'core.maskImport.marksNothing':
    '蒙版未标记任何区域：请在黑色上用白色（或任意颜色）涂出要去除的区域。',
  'core.maskImport.mostlyMarked':
    '蒙版覆盖了图片的 {percent} %，大部分内容将被重绘。请检查蒙版是否反转。',
  'core.maskImport.allWhite':
    '蒙版全是白色：按黑底白色蒙版理解，它标记整张图片；但按服务的规则（白色不标记任何内容），它什么也没标记。',
  'core.maskImport.allMarked': '蒙版标记了每个像素：整张图片都会被重绘，而不只是水印。',
  'core.unblend.otherSize':
    '{file} 为 {size} 像素，但水印是在 {measured} 的图片上测量的：请将其发送给服务，或把它加入图片中重新查找水印。',
  'core.unblend.estimateMissing':
    '水印测量结果（{file}）缺失：请重新查找水印，或将这些图片发送给服务。',
  'core.unblend.estimateDamaged':
    '水印测量结果（{file}）已损坏（{why}）：请重新查找水印，或将这些图片发送给服务。',
  // Watermark profiles (issue #39).
  'core.profiles.noFile': '文件 {file} 不存在：请检查路径，或给出已保存配置的名称。',
  'core.profiles.unreadable':
    '{file} 不是此 Clearframe 能读取的水印配置（已损坏、不完整，或由其他程序或版本生成）：请在生成它的 Clearframe 中重新导出，或重新查找水印并保存新的配置。',
  'core.profiles.unknown':
    '没有名为“{name}”的水印配置，也没有这个文件：请在“查找水印”后保存一个，或给出已导出配置的路径。',
  'core.profiles.exists': '已有名为“{name}”的配置：请换一个名称，或先删除那个配置。',
  'core.profiles.doesNotFit':
    '配置“{name}”的标记是在 {measured} 的图片上测量的，放不进这张 {size} 的图片：请手动标记，或在同尺寸的一批图片中查找水印。',
  'ipc.problem.profileName': '请为配置取一个 1 到 80 个字符的名称，不含 / \\ : * ? " < > |。',
  'cli.profile.usage':
    '  --profile name|file\n                      用已保存的水印配置（名称）或已导出的配置（文件），在这台电脑上免费\n                      处理每张图片；标记放不进的图片会列出并跳过',
  'cli.profile.conflict':
    '--profile 自带蒙版和处理方式：请去掉 --auto-mask、--mask、--mask-rect 和 --engine service。',
  'cli.profile.using':
    '配置“{name}”：在 {count, plural, other {# 张}} {size} 图片上测量的标记，在这台电脑上免费处理。',
  'core.profiles.findAgain': '测量的水印已不再保留：请重新查找水印，然后保存配置。',
  'cli.summary.watch': '用水印配置处理文件夹中的每张新图片',
  'cli.watch.usage':
    '用法：clearframe watch [文件夹 --profile=名称|文件 [--recursive] [--engine=local|service --credits-per-day=N]] [--list] [--pause 文件夹] [--forget 文件夹] [--json] [--demo] [--data-dir=文件夹]\n  把文件夹加入监视列表（保存在数据文件夹中），并监视列表中的所有文件夹，直到按下 Ctrl+C：每张新图片完整到达后，用该配置处理一次，结果按输出设置保存。不指定文件夹时，按原样继续列表；已处理过的图片不会再次处理。\n  --engine service 以配置中的水印作为蒙版发送到付费服务，每天最多 --credits-per-day 积分；超出后，监视会停止并给出提示。',
  'cli.watch.noFolder': '{folder} 不是文件夹：请指定要监视的文件夹。',
  'cli.watch.noProfile': '请指定用于处理的水印配置：--profile 名称 或 --profile 文件。',
  'cli.watch.badEngine': '--engine 只接受 local 或 service。',
  'cli.watch.needsLimit':
    '付费监视需要每日上限：请加上 --credits-per-day N（一天最多可花费的积分）。',
  'cli.watch.oneFolder': '一次只能指定一个文件夹。',
  'cli.watch.notWatched': '{folder} 未被监视；clearframe watch --list 会列出被监视的文件夹。',
  'cli.watch.forgotten': '已不再监视 {folder}。它的结果保留在原处。',
  'cli.watch.paused':
    '已暂停监视 {folder}。运行 clearframe watch {folder} --profile 名称 即可继续。',
  'cli.watch.none': '没有被监视的文件夹。添加方法：clearframe watch 文件夹 --profile 名称',
  'cli.watch.line':
    '{folder}：配置“{profile}”{recursive, select, yes {（含子文件夹）} other {}}，{engine, select, service {付费，今天已花费 {spent}/{limit} 积分} other {在这台电脑上，免费}}{paused, select, yes {（已暂停）} other {}}',
  'cli.watch.appHolds':
    'Clearframe 应用正在使用数据文件夹 {folder}。请关闭它，然后再次运行 clearframe watch。',
  'cli.watch.skipped': '未采用 {file}：{reason}',
  'cli.watch.watching':
    '正在监视 {folder}：每张新图片都会用配置“{profile}”在这台电脑上免费处理。按 Ctrl+C 停止。',
  'cli.watch.watchingPaid':
    '正在监视 {folder}：每张新图片都会用配置“{profile}”发送到服务，每天最多 {limit, plural, other {# 积分}}。按 Ctrl+C 停止。',
  'cli.watch.notStarted': '本次不监视 {folder}：{problem}',
  'core.watch.listDamaged':
    '无法读取监视文件夹列表（{file}）。请删除该文件，然后用 clearframe watch 重新添加文件夹。',
  'core.watch.limitReached':
    '已停止监视 {folder}：今天的上限 {limit, plural, other {# 积分}} 已用完，今天不再发送任何内容。{waiting, plural, other {# 张图片}}正在等待；请用 --credits-per-day 提高上限，或明天再次运行 clearframe watch。',
  // Watched folders in the window (#39).
  'core.watch.limitReachedApp':
    '今天已停止监视 {folder}：今天的上限 {limit, plural, other {# 积分}} 已用完，今天不再发送任何内容。{waiting, plural, other {# 张图片}}正在等待：明天在当天的上限内处理；若以更高的上限重新添加该文件夹，则立即处理。',
  'core.watch.noFolder': '{folder} 不是文件夹：请重新选择要监视的文件夹。',
  'core.watch.needsLimit': '付费监视需要每日上限：请输入每天最多可花费的积分。',
  'core.watch.notWatched': '{folder} 已不再被监视（期间已被移除）：如需监视，请重新添加。',
  'core.watch.notStarted': '当前未监视：{problem}',
  'core.watch.leftOut': '{name} 未被处理：{reason}',
  'core.watch.notReserved':
    '由于监视文件夹列表在此期间发生了变化（另一个进程已花费今天的上限，或监视已被修改），无法为 {folder} 中的 {count, plural, other {# 张图片}}预留积分：没有为它们发送任何内容，稍后会再次查看。',
  'core.watch.stayedEmpty': '它自出现以来一直为空（0 字节）：请重新复制，或将其删除。',
  'watches.summary': '监视的文件夹：{count, plural, =0 {无} other {# 个}}',
  'watches.empty':
    '没有正在监视的文件夹。请在下方添加：每张完整到达其中的新图片都会用配置处理，结果保存到输出设置所指的位置。',
  'watches.needProfile': '要监视文件夹，请先保存一个水印配置（上方的“水印配置”）。',
  'watches.line':
    '配置“{profile}”{recursive, select, yes {（含子文件夹）} other {}} · {engine, select, service {付费：今天已花费 {spent}/{limit} 积分} other {在这台电脑上，免费}}',
  'watches.watching': '监视中',
  'watches.paused': '已暂停：不处理新图片',
  'watches.notRunning': '当前未监视：请看下方说明',
  'watches.pause': '暂停',
  'watches.resume': '继续',
  'watches.forget': '取消监视',
  'watches.recent': '最近从 {folder} 处理的文件',
  'watches.fileLine': '{name} — {status}',
  'watches.needsLook': '需要查看：{why}',
  'watches.failedStatus': '{state}：{error}',
  'watches.addTitle': '监视文件夹',
  'watches.folder': '要监视的文件夹',
  'watches.noFolderYet': '尚未选择文件夹',
  'watches.chooseFolder': '选择文件夹…',
  'watches.profile': '用于处理的配置',
  'watches.recursive': '包括子文件夹',
  'watches.engine': '由谁处理',
  'watches.engineLocal': '本机 — 免费',
  'watches.engineService': '服务 — 付费，在每日上限内',
  'watches.limit': '每天最多积分',
  'watches.cost':
    '每张图片 {cost, plural, other {# 积分}}。请输入每天最多可花费的积分：超出部分不会发送。',
  'watches.costWithLimit':
    '每张图片 {cost, plural, other {# 积分}}：每天最多 {limit, plural, other {# 积分}}，即 {images, plural, other {# 张图片}}；超出后监视会等到第二天。',
  'watches.add': '监视此文件夹',
  'main.dialog.profiles': '水印配置',
  'main.dialog.exportProfile': '导出水印配置',
  'main.dialog.importProfile': '导入水印配置',
  'profiles.summary': '水印配置：{count, plural, =0 {暂无} other {已保存 # 个}}',
  'profiles.saveLabel': '将测量的水印保存为配置',
  'profiles.namePlaceholder': '名称，例如“工作室标志”',
  'profiles.save': '保存',
  'profiles.empty':
    '暂无配置。“查找水印”为这台电脑测量出标记后，请在此保存：之后带有相同标记的图片无需成批即可免费处理。',
  'profiles.line':
    '{size} · 在 {count, plural, other {# 张}}图片上测量 · {placement, select, topLeft {左上角} topRight {右上角} bottomLeft {左下角} bottomRight {右下角} other {仅限此尺寸}}',
  'profiles.use': '用于待处理的图片',
  'profiles.export': '导出…',
  'profiles.delete': '删除',
  'profiles.import': '导入配置…',
  'profiles.used':
    '{count, plural, other {# 张}}待处理图片使用配置“{name}”：点击“开始”即在这台电脑上免费处理。',
  'profiles.leftOut': '{name}：{reason}',
  'profiles.saved': '已保存配置“{name}”。',
  'profiles.exported': '已导出到 {path}。',
  'profiles.imported': '已导入配置“{name}”。',
  'core.film.notVideo': '无法将{label}的片段读取为视频：请重新生成该定版，或选择其他定版。',
  'core.film.clipGone': '{label}的片段已不在 {file}：请放回原处，或选择其他定版。',
  'core.film.changed': '{label}的片段在拼接过程中发生了变化：请重试。',
  'core.film.nothing': '没有可拼接的内容：请先为某个镜头生成定版。',
  'core.film.damagedSettings': '{clip}的片段 H.264 设置已损坏：请重新生成该定版，或选择其他定版。',
  'core.film.unknownCodec': '未知',
  'core.film.otherFormat':
    '这些定版无法在不重新编码的情况下拼接：{clip}的片段是 {theirs}，{first}的是 {ours}；请用相同的视频格式生成定版，或选择格式相同的定版。',
  'core.film.otherSize':
    '这些定版无法在不重新编码的情况下拼接：{clip}的片段是 {theirs}，{first}的是 {ours}；请用相同的分辨率（相同的比例和画质）生成定版，或选择分辨率相同的定版。',
  'core.film.otherTurn':
    '这些定版无法在不重新编码的情况下拼接：{clip}的片段旋转了 {theirs}°，{first}的旋转了 {ours}°；请选择方向相同的定版。',
  'core.film.otherColour':
    '这些定版无法在不重新编码的情况下拼接：{clip}的片段是{theirs}，{first}的是{ours}；请用相同的色彩设置生成定版，或选择色彩设置相同的定版。',
  'core.film.colourRange': '{full, select, true {全范围色彩} other {有限范围色彩}}',
  'core.film.colourMatrix': '色彩矩阵 {value}',
  'core.film.colourPrimaries': '色彩原色 {value}',
  'core.film.colourTransfer': '传递曲线 {value}',
  'core.film.otherRate':
    '这些定版无法在不重新编码的情况下拼接：{clip}的片段为每秒 {theirs} 帧，{first}的为每秒 {ours} 帧；请用相同的帧率生成定版，或选择帧率相同的定版。',
  'core.film.soundOnlyHere':
    '这些定版无法在不重新编码的情况下拼接：{clip}的片段有声音，{first}的没有；请让所有定版都有声音或都没有声音，或选择这样的定版。',
  'core.film.soundOnlyThere':
    '这些定版无法在不重新编码的情况下拼接：{clip}的片段没有声音，{first}的有；请让所有定版都有声音或都没有声音，或选择这样的定版。',
  'core.film.soundEncoding':
    '这些定版无法在不重新编码的情况下拼接：{clip}的片段声音编码设置与{first}的不同；请用相同的声音设置生成定版，或选择声音设置相同的定版。',
  'core.film.otherSound':
    '这些定版无法在不重新编码的情况下拼接：{clip}的片段是{theirs}，{first}的是{ours}；请用相同的声音设置生成定版，或选择声音设置相同的定版。',
  'core.film.sound': '{codec} 声音（{rate} Hz，{channels, plural, other {# 声道}}）',
  'core.files.diskFull':
    '存放 {folder} 的磁盘已满：请在那里释放空间或选择其他文件夹，然后{again}。',
  'core.files.notWritable': 'Clearframe 无权写入 {folder}：请选择其他文件夹，然后{again}。',
  'core.files.noFreeName': '在 {folder} 中找不到可用于{what}的名称。',
  'core.keys.cannotSave': '无法保存密钥：{why}',
  'core.lock.holderApp': 'Clearframe 应用（PID {pid}，自 {since} 起）',
  'core.lock.holderCommand': '“{command}”（PID {pid}，自 {since} 起）',
  'core.settings.newer': '它们由较新的 Clearframe 保存（设置版本 {version}；此版本只认识 {known}）',
  'core.settings.noMigration': '此 Clearframe 无法读取设置版本 {version}',
  'core.settings.setAside':
    '无法读取你的设置（{why}），因此正在使用默认值。旧文件已保留为 {aside}。',
  'core.settings.leftInPlace':
    '无法读取你的设置（{why}），因此正在使用默认值。文件保持原样，位于 {file}；在它可读或被删除之前，设置无法保存。',
  'core.settings.keptInPlace': '{file} 既无法读取（{why}），也无法移开（{whyNotMoved}）',
  'core.settings.cannotSave':
    '无法保存设置：{why}。请使其可读或将其移走，然后重新启动 Clearframe。',
  'core.settings.folderNotWritable':
    '无法在 {folder} 中保存设置（{why}）。请让该文件夹可写，然后重新更改设置。',
  'core.probe.empty': '文件为空。',
  'core.film.otherEncoding':
    '这些定版无法在不重新编码的情况下拼接：{clip}的片段使用了与{first}不同的 {theirs} 编码设置；只有设置不同的 H.264 片段才能直接拼接。请用相同设置生成定版，或选择设置相同的定版。',
  'core.keys.works':
    '{kind, select, watermark {水印 API 令牌} other {视频 API 密钥}}可用：{quota}（来自 {host}）。{saving, select, true {已保存到系统钥匙串。} other {}}',
  'core.keys.refused':
    '{host} 拒绝了此{kind, select, watermark {水印 API 令牌} other {视频 API 密钥}}{answered, select, yes {（服务返回：“{answer}”）} other {}}。{saving, select, true {未保存。} other {}}请从服务商网站的账户中重新复制密钥。',
  'core.keys.unchecked':
    '无法检查{kind, select, watermark {水印 API 令牌} other {视频 API 密钥}}：{why}{saving, select, true {未保存。} other {}}请检查网络连接和设置中的服务地址，然后重试。',
  'core.keys.acceptedLowBalance':
    '{host} 接受了{kind, select, watermark {水印 API 令牌} other {视频 API 密钥}}，但表示余额不足：{why}。{saving, select, true {已保存到系统钥匙串。} other {}}',
  'core.keys.acceptedBalanceUnread':
    '{host} 接受了{kind, select, watermark {水印 API 令牌} other {视频 API 密钥}}，但无法读取其余额（{why}）；账户页面会再次查询。{saving, select, true {已保存到系统钥匙串。} other {}}',
  'core.keys.unknownShape': '其回复的格式 Clearframe 无法识别',
  'core.keys.answeredStatus': '它返回了 HTTP {status}',
  'core.keys.balance': '余额 {amount}',
  'core.keys.creditsLeft': '剩余 {remaining}/{limit} 积分',
  'core.keys.noKeychain':
    '没有系统钥匙串响应。请安装并解锁 GNOME Keyring（软件包 gnome-keyring）等 Secret Service 后重新登录，或设置 CLEARFRAME_WATERMARK_KEY 和 CLEARFRAME_VIDEO_KEY。',
  'core.keys.keychainLocked':
    '无法使用系统钥匙串。请解锁后重试，或设置 CLEARFRAME_WATERMARK_KEY 和 CLEARFRAME_VIDEO_KEY。',
  'core.mask.marksNothing':
    '蒙版未标记任何区域（标记在图片之外或已被擦除），因此未发送任何内容：请标记水印，或不带蒙版发送图片。',
  'core.inputs.svg': '这是 SVG 矢量图，而服务只接受像素图片。请导出为 PNG 后添加。',
  'core.inputs.provenanceLog': '这是 Clearframe 为此文件夹中的结果保存的记录。',
  'core.inputs.unreadable': '无法读取。请确认你有权打开它。',
  'core.inputs.noExtension': '它没有扩展名，内容也不是图片。',
  'core.inputs.notImage': '它不是图片文件。',
  'core.inputs.special': '它是链接或特殊文件，不是图片。',
  'core.inputs.missing': '它不存在（已被移动或删除？）。',
  'core.inputs.neither': '它既不是文件也不是文件夹。',
  'core.output.otherShape':
    '服务为 {image} 的图片返回了 {result} 像素的结果，形状不同，因此无法叠加到原图上：结果将完整保留，并拉伸到原图尺寸。',
  'core.automask.notLookedFor': '无法查找水印',
  'core.files.diskFullWaiting':
    '存放 {folder} 的磁盘已满。请在那里释放空间：等待中的任务会在有空间时自动继续，不会重复发送或付费。',
  'core.files.dataFolderReadOnly':
    'Clearframe 无法写入其数据文件夹 {folder}（{why}）。请让该文件夹可写（检查其权限，或其磁盘是否以只读方式挂载），或将 CLEARFRAME_DATA_DIR 指向你可写入的文件夹，然后重新启动 Clearframe。',
  'core.files.what.film': '影片',
  'core.files.what.take': '第 {shot} 个镜头的定版',
  'core.files.what.csv': 'CSV 文件',
  'core.files.what.lastFrame': '尾帧',
  'core.files.again.join': '重新合并',
  'core.files.again.export': '重新导出',
  'core.files.again.exportSpending': '重新导出支出记录',
  'core.files.again.extend': '重新延长这一轮',
  'core.finder.tooFew':
    '这种尺寸的图片太少，无法找到水印（至少需要 {count} 张带有同一水印的图片）：请手动标记。',
  'core.finder.refused': '这些图片没有共同的标记（突出的部分会覆盖每张图片的 {share}）；请手动标记',
  'core.finder.faint': '此图上的标记较淡或部分被遮挡（得分 {score}）：使用前请先检查其蒙版。',
  'core.finder.damaged': '文件已损坏或不完整，无法读取；已将其排除。',
  // ── end of Engine, media, files, keys and settings.

  // ── Engine, app desks and notices: keys of their sentences go below this line.
  'core.app.otherProcessDone': '另一个进程已结束；队列现在在这里运行。',
  'core.app.waitingForHolder':
    '{holder}正在使用此数据文件夹。你在这里添加的任务会等它结束，然后自动开始。',
  'core.app.folderReadOnly':
    '{problem}在此之前，本次运行把队列和日志放在{folder}中，该文件夹不会保留。',
  'core.app.databaseSetAside':
    '任务数据库已损坏，因此 Clearframe 开始了一个新的空队列。旧的已保存为{aside}；你磁盘上的图片和结果没有被改动。其中的任务需要重新添加。',
  'core.app.noKeychain':
    '{problem}在此之前无法在这里保存密钥；在这些环境变量中设置的密钥可以使用。',
  'core.app.projectGone': '该项目已不存在。',
  'core.video.noTakeFile':
    '{here, select, gone {这个定版的片段已不在 {file}：请把它放回原处，或重新生成这一轮。} other {这个定版在这台电脑上还没有片段：请等它下载完成。}}',
  'core.app.importProjectGone': '该项目已不存在；请选择另一个。',
  'core.app.importChanged':
    '{file}的结果已与你看到的不同（文件或价格档位已更改）：现在是 {count, plural, other {# 轮}}，共 {cost}。没有加入任何任务；请重新查看后再加入队列。',
  'core.app.shotNotAdded': '无法添加该镜头；请重试。',
  'core.app.shotGone': '该镜头已不存在。',
  'core.app.filmTakeGone': '其中一个定版已不在此项目中：请重新选择。',
  'core.app.filmTakeUnfinished': '镜头 {position} 选定的那一轮没有完成的片段：请选择已完成的一轮。',
  'core.app.filmNoTakes': '还没有镜头有完成的定版：请在某个镜头的一轮完成后再拼接影片。',
  'core.app.previewUnconfirmed': '用服务预览需要 1 积分：请先确认。',
  'core.app.previewFailed':
    '服务无法处理预览（{problem}）。请换一张图片，或在这台电脑上开始批处理。',
  'core.app.addressProblem': '{problem}请在浏览器中检查该地址，然后重试。',
  'core.app.thatAddress': '该地址',
  'core.app.addressTimeout': '{host} 没有及时响应。',
  'core.app.addressUnreachable': '无法连接到{host}：网站已停止运行，或地址或网络连接有误。',
  'core.app.addressHttp': '{host}自身出现了问题（HTTP {status}）。',
  'core.app.addressRefused': '{host}没有提供图片：{reason}。',
  'core.app.addressRefusedHttp': '{host}没有提供图片（HTTP {status}）。',
  'core.app.addressUnreadable': '无法读取该地址的图片（{reason}）。',
  'core.app.addressUnusable': '该地址没有提供可用的图片：{reason}',
  'core.app.assetNoPicture':
    '无预览：服务不会返回已上传的素材供查看。要在此查看图片，请给出其网址，或选择文件。',
  'core.app.pastedUnusable': '粘贴的图片无法使用：{reason}',
  'core.app.imageGone': '该图片已不可用；请重新添加。',
  'core.app.fileUnreadable': '无法读取。请检查它是否存在，以及你是否有权打开它。',
  'core.app.stagedGone': '这张图片已不在已查看文件的列表中（应用可能已重启）；请重新添加。',
  'core.app.alreadyListed': '它已在列表中。',
  'core.app.maskEmpty': '蒙版没有标记任何内容：请涂抹水印，或选择“不用蒙版”。',
  'core.app.fileMaskEmpty': '{file}：{problem}',
  'core.app.maskToolEmpty': '这样将不会留下任何标记：请撤销，或选择更小的数值或更大的视图。',
  // ── end of Engine, app desks and notices.
};
