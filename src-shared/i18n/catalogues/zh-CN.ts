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
  'notices.dismiss': '关闭此消息',
  'paid.confirm': '确认并发送',
  'paid.back': '返回',
  'retry.what': '重新发送 {name}',
  'retry.confirmLabel': '确认重新发送 {name}',
  'retry.question': '再次支付 {cost}？',
  'retry.sendAgain': '重新发送（付费）– {cost}',
  'retry.checkAgain': '再次查询',
  'retry.checkAgainHint': '按服务给出的任务编号再次查询，不收费。',
  'retry.retry': '重试 – {cost}',

  'format.credits': '{count, plural, other {# 积分}}',
  'format.secondsLeft': '约剩 {seconds} 秒',
  'format.minutesLeft': '约剩 {minutes} 分钟',

  'demo.all':
    '演示模式：任务在内置模拟器上运行，其结果只是服务实际效果的粗略替代。不会向服务发送任何内容，也不会收费。',
  'demo.video':
    '视频演示模式：各轮在内置模拟器上运行，其片段是预制的替代品，并非服务会生成的内容。不会向视频服务发送任何内容，也不会收费。图片会发送到服务。',
  'demo.images':
    '图片演示模式：由内置模拟器处理图片，其结果只是服务实际效果的粗略替代。不会向水印服务发送任何内容，也不会收费。视频各轮会发送到服务。',
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
  'key.removed': '已从系统钥匙串中移除。',
  'key.setFromEnvironment': '已设置（来自环境变量）',
  'key.setInKeychain': '已设置（在系统钥匙串中）',
  'key.notSet': '未设置',

  'state.queued': '等待中',
  'state.preparing': '准备中',
  'state.submitting': '发送中',
  'state.submitted': '已发送',
  'state.processing': '去除中',
  'state.downloading': '正在保存结果',
  'state.done': '完成',
  'state.failed': '失败',
  'state.canceled': '已取消',
  'state.needs-attention': '需要您决定',
  'state.round.processing': '生成中',
  'state.round.downloading': '正在保存片段',

  'drop.label': '将图片或文件夹拖放到此处',
  'drop.more': '继续添加：将图片或文件夹拖放到此处',
  'drop.first': '将图片或文件夹拖放到此处以去除水印',
  'drop.choose': '选择图片…',
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
  'jobs.paused': '已暂停：在您继续之前不会发送新的内容。',
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
  'mask.saved': '已保存到 {path}。',
  'mask.canvas': '{name}：涂抹要去除的部分。按住 O 查看原图。',
  'mask.status': '{width}×{height} · {count, plural, other {# 笔}}',
  'mask.loading': '正在加载图片…',
  'mask.shortcuts':
    '滚轮缩放，Alt+滚轮或 [ ] 调整画笔大小，空格+拖动平移，O 查看原图，Ctrl+Z 撤销。',
  'mask.scaledFrom': '此蒙版绘制于 {size} 的图片上，已缩放以适合这张图片。请检查它是否仍覆盖水印。',
  'mask.leave': '丢弃此蒙版？',
  'mask.leaveQuestion': '丢弃您在 {name} 上涂抹的内容？',
  'mask.throwAway': '丢弃',
  'mask.keepPainting': '继续涂抹',
  'mask.use': '使用此蒙版',
  'mask.applySameSize': '应用到此尺寸的全部 {count} 张图片',
  'mask.applyAll': '应用到全部 {count} 张图片',
  'mask.applyAllHint': '其他尺寸的图片会得到缩放后的蒙版，每处标记尽量保持靠近其所在的角。',
  'mask.applySelected': '应用到所选图片（{count}）',
  'mask.none': '不用蒙版',
  'mask.cancel': '取消',

  'arrange.keepIt': '保留',
  'arrange.remove': '移除',
  'arrange.body': '{leaves}{kept}',
  'arrange.keptNoClips': '已花费的金额仍计入您的支出。',
  'arrange.keptClips':
    '{clips, plural, other {已保存的 # 个片段仍留在原处}}，已花费的金额仍计入您的支出。',
  'arrange.project': '项目',
  'arrange.projectName': '项目名称',
  'arrange.saveName': '保存名称',
  'arrange.cancel': '取消',
  'arrange.rename': '重命名…',
  'arrange.earlier': '前移',
  'arrange.later': '后移',
  'arrange.earlierOne': '前移：{name}',
  'arrange.laterOne': '后移：{name}',
  'arrange.removeProject': '移除项目…',
  'arrange.removeProjectTitle': '移除 {name}？',
  'arrange.projectLeaves':
    '{name} 及其 {shots, plural, other {# 个镜头}}和 {rounds, plural, other {# 轮}}将从列表中移除。',
  'arrange.shot': '镜头 {position}',
  'arrange.moveEarlier': '前移',
  'arrange.moveLater': '后移',
  'arrange.moveEarlierShot': '前移：镜头 {position}',
  'arrange.moveLaterShot': '后移：镜头 {position}',
  'arrange.removeShot': '移除镜头…',
  'arrange.removeShotTitle': '移除镜头 {position}？',
  'arrange.shotLeaves': '镜头 {position} 及其 {rounds, plural, other {# 轮}}将从列表中移除。',
  'arrange.isTakeHint': '成片中此镜头使用这一轮。按下可改回最新的一轮。',
  'arrange.useTakeHint': '在成片中将这一轮用于此镜头。',
  'arrange.isTake': '此镜头的定版',
  'arrange.useTake': '设为定版',
  'arrange.up': '上移',
  'arrange.down': '下移',
  'arrange.upRound': '上移：第 {position} 轮',
  'arrange.downRound': '下移：第 {position} 轮',
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
  'history.add': '添加到 {shot}',
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

  // ── Settings and Account: keys of these screens go below this line.
  // ── end of Settings and Account.

  // ── Video workspace: keys of the round editor and the project list go below this line.
  // ── end of Video workspace.

  // ── Images workspace: keys of the finder, previews and output go below this line.
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
    '大多数命令都接受的选项：--json（每行一个 JSON 对象），--demo（用内置模拟器代替服务），\n--data-dir 文件夹（另一个数据文件夹）。\n\n退出码：{done} 完成；{someFailed} 部分任务失败或等待您决定，或出错；{usage} 命令行有误；\n{noKey} 没有 API 密钥；{spending} 预算上限或余额使付费的一轮停止；{interrupted} 已中断。',
  'cli.version.usage': '用法：clearframe version',
  'cli.jobs.usage':
    '用法：clearframe jobs [--watch] [--json] [--data-dir 文件夹]\n  各状态下有多少图片和视频轮次。--watch 每秒刷新一次，直到按 Ctrl+C。',
  'cli.balance.usage':
    '用法：clearframe balance [--demo] [--json] [--data-dir 文件夹]\n  水印积分和视频余额，各自以其服务报告的为准。',
  'cli.remove.usage':
    "用法：clearframe remove '<'文件|文件夹…> [--mask 文件 | --mask-rect x,y,宽,高 | --auto-mask] [--out 文件夹]\n                          [--recursive] [--concurrency n] [--retry] [--force] [--dry-run] [--demo] [--json] [--data-dir 文件夹]\n  去除每张指定图片以及文件夹中找到的图片上的水印。--mask 接受一个蒙版文件（除纯黑或纯白外\n  任意颜色的标记，或黑底白色）；--mask-rect 以图片像素标出一个矩形，发送前会逐张图片检查。\n  崩溃后再次运行即可继续：已发送的内容不会再次发送。\n  --retry   重试失败的文件：服务已有图片的，免费再次询问；服务从未接收的文件重新准备（例如替换之后）\n  --force   对已清理或失败的文件发起新的付费尝试（每张 1 积分）\n{masks}\n{engines}",
  'cli.masks.usage':
    '  --mask-anchor top-left|top-right|bottom-left|bottom-right|relative\n            --mask-rect（及 --mask-clear-outside）的测量基准：指定一个角时，x,y 是到该角两边的距离，\n            因此一个矩形适用于任何尺寸的照片；relative 时，四个数都是图片的比例，从 0 到 1\n  --auto-mask         找出图片共有的水印，并在发送前按组显示找到的内容；此时 --mask-rect 只是粗略提示\n  --dry-run           显示将要发送的内容后停止：不发送，也不付费\n  --save-masks 文件夹  把每组的蒙版按原尺寸存为 PNG（黑底白色）放到该文件夹\n  --mask-grow n, --mask-shrink n, --mask-invert, --mask-clear-outside x,y,宽,高\n                      发送前修改蒙版：扩大或缩小 n 像素、反转、清除矩形以外的全部内容',
  'cli.engine.usage':
    '  --engine service|local\n                      service（默认）：由服务清理每张图片，每张 1 积分；\n                      local：由这台电脑还原 --auto-mask 在本批中测得的水印混合，免费且离线；\n                      无法测出水印的图片会被排除并列出（请用 --engine service 发送）',
  'cli.video.usage':
    "用法：\n  clearframe video new '<'名称> [--shot 标题]\n  clearframe video add-round '<'项目或镜头 ID> --prompt 文本 [--duration 秒（默认 {seconds}）] [--resolution 480p|720p]\n        [--ratio 16:9] [--model ID] [--image URL[=角色]]… [--video URL] [--audio URL] [--auto]\n        [--last-frame] [--generate-audio] [--watermark]\n  clearframe video add-round --extend '<'轮次 ID> --prompt 文本\n  clearframe video import '<'文件.csv|文件.json> (--project ID | --new 名称) [--yes]\n  clearframe video run [--concurrency n] [--out 文件夹] [--demo]\n  clearframe video status [项目 ID]\n  clearframe video spending [--project ID] [--month YYYY-MM] [--csv 文件]\n        服务可能已计费的每一轮（其扣费，或在服务尚未告知时的估算），按时间从新到旧，\n        按月（这台电脑的时区）和按项目汇总；--csv 还会写成 CSV 文件，绝不覆盖已有文件\n全部命令都接受 --json 和 --data-dir 文件夹。\n\nvideo import 从 CSV 文件（首行为列名）或 JSON 对象列表中批量加入轮次，可用以下列或字段：\n  prompt      这一轮要呈现的内容（必填）\n  kind        {kinds}（默认 text）\n  references  image=URL、video=URL 或 audio=URL，用 | 分隔（JSON 中为列表）；同类中的第 N 个\n              在提示词中写作 @imageN、@videoN、@audioN。\"video=asset://id from\n              clip.mp4\" 指明上传所用的文件，以便在此检查其时长。\n  duration    秒数（默认 {seconds}；auto 时留空）\n  ratio       {ratios}（auto 时为 adaptive）\n  shot        指定同一镜头的轮次共用该镜头；未指定的轮次各得一个新镜头\n先检查每一行：只要有一行有误就什么都不加入，每个问题都会指明所在行。\n先显示各轮次及总费用，再询问是否加入；--yes 不询问直接加入（标准输入不是终端时必须使用）。",

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
  'cli.state.needs-attention': '需要您决定',
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
  'cli.balance.line': '{service}：{quota}（来自 {host}）',
  'cli.balance.failed': '{service}：{problem}',
  'cli.balance.unknown': '未知',

  // 命令行：去除水印。
  'cli.remove.noInputs': '请至少指定一张图片或一个文件夹。',
  'cli.remove.noMaskFile': '蒙版文件 {file} 不存在。',
  'cli.remove.masksWritten': '已写入蒙版：{files}。',
  'cli.remove.noMasksWritten': '已写入蒙版：无（未找到水印）。',
  'cli.remove.dryRun':
    '试运行：查看了 {count, plural, other {# 张图片}}，没有发送任何内容，也没有付费。',
  'cli.remove.cleaning': '清理中',
  'cli.remove.payingAgain':
    '--force：将 {count, plural, other {# 个文件}}作为新的付费尝试发送，共 {credits}（包括从未发送过的文件）。',
  'cli.remove.retryInApp':
    '应用正在使用此数据文件夹，因此之前尝试过的文件要在应用中重试：在其窗口中使用“再次检查”或“重新发送（付费）”，或退出应用后再运行此命令。',
  'cli.remove.itIs': '状态：{state}。',
  'cli.remove.summary':
    '完成 {done}，失败 {failed}{attention, plural, =0 {} other {，# 个需要您决定（服务可能已收到）}}{skipped, plural, =0 {} other {，# 个未采用（均已在上方列出原因）}}。',
  'cli.plan.drawnMask': '手绘蒙版',
  'cli.plan.unreadableMask': 'Clearframe 无法读回的蒙版（其任务记录已损坏）',
  'cli.plan.noMask': '无蒙版（由服务选择角落）',
  'cli.plan.alreadyCleaned':
    '{file}：已用 {used} 清理过，因此未使用 {asked}。如要用它付费重新尝试，请加上 --force（{credits}）。',
  'cli.plan.forceDamaged': '在命令行中，--force 会把它作为新任务重新加入（{credits}）。',
  'cli.plan.retryFree':
    '加上 --retry 再次运行可免费再问一次服务；--force 会付费重新尝试（{credits}）。',
  'cli.plan.forceAgain': '--force 会重新发送（{credits}，可能产生第二次付费）。',
  'cli.plan.retryLater': '问题解决后，加上 --retry 再次运行（服务接收时收取 {credits}）。',
  'cli.engine.unknown': '--engine 只接受 service 或 local。',
  'cli.engine.needsAutoMask':
    '--engine local 会还原在整批图片中测得的水印混合：请加上 --auto-mask（需要至少 3 张同尺寸且带相同水印的图片）。',
  'cli.engine.notLocal':
    '在本批中无法为它测出水印（需要至少 3 张同尺寸且带相同水印的图片），因此未清理：请用 --engine service 发送，或手动标记。',
  'cli.engine.groupLocal':
    '第 {number} 组（{count, plural, other {# 张带水印的图片}}）：在这台电脑上免费处理；不发送任何内容。',
  'cli.engine.groupLeftOut':
    '第 {number} 组（{count, plural, other {# 张图片}}）：未清理，{reason}',
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
    '{total} 轮中完成 {done} 轮，扣费 {charged}（演示：由内置模拟器生成）。{refused, plural, =0 {} other {# 轮因预算上限或余额而停止。}}',
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
  'cli.key.watermarkName': '水印 API 令牌',
  'cli.key.videoName': '视频 API 密钥',
  'cli.key.noDemo': '内置模拟器不需要密钥；请去掉 --demo。',
  'cli.key.removed': '已从系统钥匙串中移除{name}。',
  'cli.key.noneStored': '未保存过{name}。',
  'cli.key.paste': '粘贴{name}后按回车（不会显示）：',
  'cli.key.notSet': '未设置{name}。请运行“clearframe key set {kind}”。',
  // ── end of Command line and main process.
};
