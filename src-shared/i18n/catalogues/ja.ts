import type { Catalogue } from './en.ts';

/**
 * Japanese. Terms: 透かし (watermark), マスク, プロジェクト, ショット (shot), 試行 (round),
 * テイク (take), クリップ, クレジット, サービス, キー; sentences in です/ます form, buttons as
 * short verbs or nouns. Japanese has one plural form (other).
 */
export const ja: Catalogue = {
  'app.version': 'v{version} · {platform}',
  'app.screens': '画面',
  'app.screen.images': '画像',
  'app.screen.video': '動画',
  'app.screen.account': 'アカウント',
  'app.screen.settings': '設定',

  'toast.dismiss': '閉じる',
  'notices.unreadable': '起動時のメッセージを読めませんでした：{why}',
  'notices.dismiss': 'このメッセージを閉じる',
  'paid.confirm': '確認して送信',
  'paid.back': '戻る',
  'retry.what': '{name} を再送信',
  'retry.confirmLabel': '{name} の再送信を確認',
  'retry.question': '{cost} をもう一度支払いますか？',
  'retry.firstQuestion': '{cost} でサービスに送信しますか？',
  'retry.sendAgain': '再送信（有料）– {cost}',
  'retry.checkAgain': 'もう一度確認',
  'retry.checkAgainHint':
    'サービスが返したタスク ID でもう一度問い合わせます。料金はかかりません。',
  'retry.retry': '再試行 – {cost}',

  'format.credits': '{count, plural, other {# クレジット}}',
  'format.secondsLeft': '残り約 {seconds} 秒',
  'format.minutesLeft': '残り約 {minutes} 分',

  'demo.all':
    'デモモード：ジョブは内蔵シミュレーターで実行され、その結果はサービス本来の結果の大まかな代用です。サービスには何も送信されず、料金もかかりません。',
  'demo.video':
    '動画のデモモード：試行は内蔵シミュレーターで実行され、そのクリップは用意済みの代用品で、サービスが作るものではありません。動画サービスには何も送信されず、料金もかかりません。画像はサービスに送られます。',
  'demo.images':
    '画像のデモモード：内蔵シミュレーターが画像の透かしを除去し、その結果はサービス本来の結果の大まかな代用です。透かしサービスには何も送信されず、料金もかかりません。動画の試行はサービスに送られます。',
  'demo.short.all': 'デモモード：何も送信されず、料金もかかりません。',
  'demo.short.video': '動画はデモモード：送信も課金もされません。画像はサービスに送られます。',
  'demo.short.images': '画像はデモモードで無料。動画の試行はサービスに送られます。',
  'demo.howTo': '自分のアカウントを使うには？',
  'demo.step.signIn':
    'プロバイダーのサイトにサインインします。透かし API トークンはアカウント画面の「API tokens」で、動画 API キーは「API keys」で作成します（動画の呼び出しは別の USD 残高から引かれます）。',
  'demo.step.openSite': 'プロバイダーのサイトを開く',
  'demo.step.paste':
    '<settings>設定</settings>に貼り付けます。各キーは保存する前にサービスでテストされます。',
  'demo.step.keychain':
    'キーはシステムのキーチェーンに保管され、そのキーのサービス以外にこのコンピューターから出ることはありません。',

  'language.label': '言語',
  'language.system': 'システムと同じ（{language}）',
  'language.hint': 'ウィンドウはすぐに切り替わります。',

  'key.name.watermark': '透かし API トークン',
  'key.name.video': '動画 API キー',
  'key.form': '{name} の設定',
  'key.save': '保存してテスト',
  'key.clear': '削除',
  'key.removed':
    '{kind, select, watermark {トークン} other {キー}}をシステムのキーチェーンから削除しました。',
  'key.setFromEnvironment':
    '{kind, select, watermark {トークン} other {キー}}は設定済み（環境変数から）',
  'key.setInKeychain':
    '{kind, select, watermark {トークン} other {キー}}は設定済み（システムのキーチェーン）',
  'key.notSet': '{kind, select, watermark {トークン} other {キー}}は未設定',

  'state.queued': '待機中',
  'state.preparing': '準備中',
  'state.submitting': '送信中',
  'state.submitted': '送信済み',
  'state.processing': '除去中',
  'state.downloading': '結果を保存中',
  'state.done': '完了',
  'state.failed': '失敗',
  'state.canceled': 'キャンセル済み',
  'state.needs-attention': '判断が必要',
  'state.round.processing': '作成中',
  'state.round.downloading': 'クリップを保存中',

  'drop.label': 'ここに画像やフォルダーをドロップ',
  'drop.more': '追加：ここに画像やフォルダーをドロップ',
  'drop.first': '透かしを消す画像やフォルダーをここにドロップ',
  'drop.choose': '画像を選ぶ…',
  'drop.chooseFolder': 'フォルダーを選ぶ…',
  'clips.title': '動画',
  'clips.hint':
    'クリップ（MP4、MOV、WebM）はこのコンピューターのこのウィンドウで無料で除去します。クリップ全体で動かないロゴを見つけ、すべてのフレームから除去します。',
  'clips.paused':
    '一時停止中：除去済みの区間は保持され、再開するとクリップはその続きから処理されます。',
  'clips.run': '{count, plural, other {# 本のクリップを除去}}',
  'clips.pause': '一時停止',
  'clips.resume': '再開',
  'clips.cancel': 'キャンセル',
  'clips.retry': 'もう一度試す（無料）',
  'clips.progress': '{total} フレーム中 {done}、毎秒 {fps} フレーム、残り約 {left}',
  'clips.state':
    '{state, select, queued {待機中} preparing {フレームを除去中} downloading {保存中} done {除去済み} failed {除去できませんでした} canceled {キャンセル済み} other {判断待ち}}',
  'clips.result': '除去済みクリップ {name}',
  'clips.unstage': 'リストから外す',
  'clips.cleanThis': '{name} を除去する',
  'clips.finding': 'クリップ全体からマークを探しています…',
  'clips.proposalFailed':
    '{name} のマークを探せませんでした（{reason}）。クリップをもう一度ドロップしてください。それでも失敗する場合は、ファイルが壊れている可能性があります。',
  'clips.leftOut': '{name} は対象外です。除去されません。除去する場合はチェックを入れてください。',
  'clips.frameAlt': '{name} の中央のフレーム。マスクが赤で重ねてあります',
  'clips.share':
    'マスクはフレームの {share} を覆っています。そのうち {unblended} は下の映像が透けて見えるため、合成を逆算して取り除きます。残りは不透明なので、周りから埋めます。',
  'clips.grow': '{pixels} px 広げる',
  'clips.shrink': '{pixels} px 狭める',
  'clips.preview': '前後を比べる',
  'clips.previewCost':
    '無料です。プレビューはこのコンピューターで、これらのフレームだけから作られ、何も保存されません。',
  'clips.previewing': 'プレビューを作成しています…',
  'clips.previewSide': '{side, select, before {{name}（除去前）} other {{name}（除去後）}}',
  'clips.previewSideShort': '{side, select, before {除去前} other {除去後}}',
  'staging.count': 'ファイルを確認中：準備済み {staged} 件、これまでに対象外 {skipped} 件',
  'staging.stop': '確認をやめる',

  'jobs.title': '結果',
  'jobs.summary': '{total} 件中 {done} 件完了',
  'jobs.attention': '{count, plural, other {# 件に対応が必要}}',
  'jobs.history': 'すべてのバッチを新しい順に表示：{count, plural, other {# 枚}}',
  'jobs.historyMore': 'すべてのバッチを新しい順に表示：{count} 枚以上',
  'jobs.queue': 'キュー',
  'jobs.resume': '再開',
  'jobs.pause': '一時停止',
  'jobs.waiting': '待機中：{reason}',
  'jobs.paused': '一時停止中：再開するまで新しいものは送信されません。',
  'jobs.retryFailed': '失敗したものをすべて再試行',
  'jobs.clearFinished': '完了したものを消去',
  'jobs.clearFinishedHint':
    '完了した画像をこの一覧から外します。結果は保存された場所にそのまま残ります。',
  'jobs.latestOnly': '最新のバッチだけを表示',
  'jobs.allEarlier': '以前の結果をすべて表示',
  'jobs.filter': '絞り込み',
  'jobs.filter.all': 'すべて',
  'jobs.filter.running': '処理中',
  'jobs.filter.failed': '失敗',
  'jobs.filter.done': '完了',
  'jobs.retrySelected': '選択したものを再試行',
  'jobs.cancelSelected': '選択したものをキャンセル',
  'jobs.skip': '結果を飛ばす',
  'jobs.list': 'ジョブ',
  'jobs.select': '{name} を選択',
  'jobs.progress': '{name} の進行状況',
  'jobs.cancel': 'キャンセル',
  'jobs.cancelOne': '{name} をキャンセル',
  'jobs.open': '開く',
  'jobs.openOne': '{name} を開く',
  'jobs.showInFolder': '<hidden>{name} を</hidden>フォルダーに表示',
  'jobs.detail': '{name}：{error}',
  'jobs.local': 'このコンピューターで処理、無料',
  'jobs.free': '無料',
  'jobs.doubt.unchanged': '変化なし',
  'jobs.doubt.markVisible': '透かしがまだ見える',
  'jobs.doubt.keep': 'このまま残す',
  'jobs.doubt.keepOne': 'このまま残す：{name}',
  'jobs.doubt.send': 'サービスに送る – {cost}',
  'jobs.doubt.sendWhat': '{name} をサービスに送る',
  'jobs.doubt.byHand': '手でマーク',
  'jobs.doubt.byHandOne': '手でマーク：{name}',
  'jobs.filter.doubt': '要確認',
  'jobs.doubtCount': '{count, plural, other {要確認 # 件}}',
  'core.jobs.doubtUnchanged':
    'サービスは、除去するよう指定した部分を変えずに画像を返しました。このまま残すか、もう一度送る（1 クレジット）か、透かしを手でマークしてください。',
  'core.jobs.doubtMarkVisible':
    '結果の中に透かしがまだ読み取れます。このまま残すか、サービスに送る（1 クレジット）か、透かしを手でマークしてください。',
  'cli.remove.doubted':
    '{count, plural, other {# 件の結果は疑わしいため完了に数えていません（上に一覧）。そのまま残すには --keep-doubted（無料）、マスクごとサービスに送るには --send-doubted（1 件 {credits}）、手動でマークするには --force と --mask または --mask-rect を付けるか、ウィンドウで行ってください。}}',
  'cli.remove.doubted.usage':
    '  --keep-doubted      疑わしい結果（マークが見える、変化なし）をそのまま残す：無料\n  --send-doubted      疑わしい結果を元のマスクでサービスに送る：1 件 {credits}',
  'cli.remove.sendingDoubted':
    '--send-doubted：疑わしい結果 {count, plural, other {# 件}}を元のマスクでサービスに送ります。合計 {credits}。',

  'compare.previous': '前の結果 (P)',
  'compare.next': '次の結果 (N)',
  'compare.close': '閉じる',
  'compare.slider': 'スライダー',
  'compare.sideBySide': '並べて表示',
  'compare.zoom': 'ズーム',
  'compare.fit': '全体表示（{percent}）',
  'compare.picture': '{name}、{what}',
  'compare.original': '元画像',
  'compare.split': '境界',
  'compare.splitValue': '元画像 {percent}',

  'mask.editor': '{name} のマスク',
  'mask.tools': 'マスクツール',
  'mask.tool.brush': 'ブラシ (B)',
  'mask.tool.eraser': '消しゴム (E)',
  'mask.tool.rect': '長方形 (R)',
  'mask.tool.lasso': 'なげなわ (L)',
  'mask.size': 'サイズ',
  'mask.pixels': '{size} px',
  'mask.opacity': 'マスクの不透明度',
  'mask.undo': '元に戻す',
  'mask.redo': 'やり直す',
  'mask.clear': 'クリア',
  'mask.fit': '全体表示',
  'mask.import': 'マスクを読み込む…',
  'mask.export': 'マスクを書き出す…',
  'mask.wholeTools': 'マスク全体のツール',
  'mask.whole': 'マスク全体：',
  'mask.by': '幅',
  'mask.px': 'px',
  'mask.byLabel': '広げる・狭めるピクセル数',
  'mask.grow': '広げる',
  'mask.shrink': '狭める',
  'mask.invert': '反転',
  'mask.grown': '{pixels} px 広げました',
  'mask.shrunk': '{pixels} px 狭めました',
  'mask.inverted': '反転しました',
  'mask.keepInView': '表示中の部分だけ残す',
  'mask.keepInViewHint':
    '先に透かしまでズームと移動をしてください。表示範囲の外にある印はすべて消えます。',
  'mask.keptInView': '表示中の部分を残しました',
  'mask.toolDone': '{done}：画像の {percent} に印があります。',
  'mask.imported':
    '読み込みました：画像の {percent} に印があります{scaled, select, true {（画像サイズに合わせて拡大縮小）} other {}}{whiteOnBlack, select, true {（白を「消す」として読み取り）} other {}}。',
  'mask.wholeUse': '画像全体を塗り直す',
  'mask.wholeNothing': '何も読み込まない',
  'mask.wholeNotImported':
    'マスクは読み込んでいません。透かしの上を塗るか、透かしだけを示すマスクを読み込んでください。',
  'mask.saved': '{path} に保存しました。',
  'mask.canvas':
    '{name}：消したい部分を塗ってください。矢印キーでカーソルを動かし、Enter を押している間は塗ります。O を押している間は元画像が見えます。',
  'mask.status': '{width}×{height} · {count, plural, other {# ストローク}}',
  'mask.loading': '画像を読み込み中…',
  'mask.shortcuts':
    'ホイールでポインター位置を中心にズーム、Alt+ホイールまたは [ ] でブラシサイズ、スペース+ドラッグで移動、O で元画像、Ctrl+Z で元に戻す。画像上（Tab で移動）では矢印キーでカーソルと表示を移動（Shift で大きく）、Enter を押している間は塗る、1 で {full}、F で全体表示。',
  'mask.scaledFrom':
    'このマスクは {size} の画像で描かれ、この画像に合わせて拡大縮小されました。まだ透かしを覆っているか確認してください。',
  'mask.leave': 'このマスクを破棄しますか？',
  'mask.leaveQuestion': '{name} に塗った内容を破棄しますか？',
  'mask.throwAway': '破棄',
  'mask.keepPainting': '塗り続ける',
  'mask.use': 'このマスクを使う',
  'mask.applySameSize': 'このサイズの画像 {count} 枚すべてに適用',
  'mask.applyAll': '画像 {count} 枚すべてに適用',
  'mask.applyAllHint':
    'サイズの違う画像には、各印をできるだけ元の隅の近くに保ったまま、拡大縮小したマスクが適用されます。',
  'mask.applySelected': '選択した画像に適用（{count}）',
  'mask.none': 'マスクなし',
  'mask.cancel': 'キャンセル',
  // The mask editor's keyboard, zoom, file name, and the question before an apply replaces masks.
  'mask.zoomLevel': 'ズーム {percent}',
  'mask.replaceQuestion': '{count, plural, other {# 枚のマスクを置き換えますか？}}',
  'mask.replaceWhich':
    '{found, plural, other {# 枚は「透かしを探す」で見つけたもの}}、{painted, plural, other {# 枚は手で塗ったもの}}です。「元に戻す」で戻せます。',
  'mask.replace': '{count, plural, other {# 枚のマスクを置き換える}}',
  'mask.replaceBack': '戻る',
  'images.undoApply': '元に戻す',
  'images.applyUndone': '元に戻しました。マスクは以前のとおりです。',

  'arrange.keepIt': '残す',
  'arrange.remove': '外す',
  'arrange.body': '{leaves}{kept}',
  'arrange.keptNoClips': '使った金額は支出にそのまま残ります。',
  'arrange.keptClips':
    '{clips, plural, other {保存したクリップ # 本はそのままの場所に残り}}、使った金額は支出にそのまま残ります。',
  'arrange.projectName': 'プロジェクト名',
  'arrange.saveName': '名前を保存',
  'arrange.cancel': 'キャンセル',
  'arrange.rename': '名前を変更…',
  'arrange.earlier': 'プロジェクトを前へ',
  'arrange.later': 'プロジェクトを後へ',
  'arrange.removeProject': 'プロジェクトを外す…',
  'arrange.removeProjectTitle': '{name} をリストから外しますか？',
  'arrange.projectLeaves':
    '{name}（ショット {shots, plural, other {# 個}}、試行 {rounds, plural, other {# 回}}）が一覧から消えます。',
  'arrange.shot': 'ショット {position}',
  'arrange.moveEarlier': 'ショットを前へ移動',
  'arrange.moveLater': 'ショットを後へ移動',
  'arrange.moveEarlierShot': 'ショットを前へ移動：ショット {position}',
  'arrange.moveLaterShot': 'ショットを後へ移動：ショット {position}',
  'arrange.removeShot': 'ショットを外す…',
  'arrange.removeShotTitle': 'ショット {position} を外しますか？',
  'arrange.shotLeaves':
    'ショット {position}（試行 {rounds, plural, other {# 回}}）が一覧から消えます。',
  'arrange.isTake': 'ショットのテイク',
  'arrange.useTake': 'テイクにする',
  'arrange.removeRound': '外す…',
  'arrange.removeRoundTitle': 'ショット {shot} の試行 {round} を外しますか？',
  'arrange.roundLeaves': '試行 {position} が一覧から消えます。',

  'scrub.legend': '編集する時間',
  'scrub.play': 'このプロジェクトのクリップを再生',
  'scrub.choose': '選択…',
  'scrub.none': 'このプロジェクトの完成したクリップをここで再生して、時間を選べます。',
  'scrub.insertNow': '現在の時間を挿入',
  'scrub.startHere': 'ここから',
  'scrub.endHere': 'ここまで',
  'scrub.from': '開始（秒）',
  'scrub.to': '終了（秒）',
  'scrub.insertRange': '範囲を挿入',
  'scrub.endAfterStart': '終了は開始より後にしてください。',

  'history.title': 'サービス上のタスク',
  'history.empty': 'ここ数日のタスクはサービスにありません。',
  'history.promptUnknown': 'ここではプロンプト不明（他の場所で開始）',
  'history.place': '{project}、ショット {shot}、試行 {round}',
  'history.inAShot': 'ショット内',
  'history.task': 'タスク {id}',
  'history.taskAt': '{date} · タスク {id}',
  'history.add': '{shot} に追加',
  'history.phase.in-progress': '処理中',
  'history.phase.succeeded': '完了',
  'history.phase.failed': '失敗',

  'film.title': '{name} の映像',
  'film.about':
    '各ショットが映像に使うテイクを順に並べています。再エンコードせずそのままつなぐので、映像はクリップとまったく同じ見た目になります。',
  'film.noTake': 'ショット {shot}：完成したテイクがまだないため除外',
  'film.take': 'ショット {shot}：試行 {round}',
  'film.takeWithPrompt': 'ショット {shot}：試行 {round}、{prompt}',
  'film.joining': 'つないでいます…',
  'film.join': 'フォルダーを選んでつなぐ',
  'film.close': '閉じる',
  'film.nothing': '完成したテイクのあるショットはまだありません。',
  'film.saved': '{path} として保存しました',
  'film.player': 'つないだ映像',
  'film.playing': '映像：{name}',
  'film.backToShot': 'ショット {position} に戻る',

  // ── Settings and Account: keys of these screens go below this line.
  'settings.title': '設定',
  'settings.keys': 'API キー',
  'settings.keysHint':
    'キーはシステムのキーチェーンに保管され、そのキーのサービスにだけ送信されます。',
  'settings.service': 'サービス',
  'settings.demoMode': 'デモモード（キーが設定されていない間は内蔵シミュレーターを使用）',
  'settings.watermarkBaseUrl': '透かしサービスのアドレス',
  'settings.videoBaseUrl': '動画サービスのアドレス',
  'settings.resetAddresses': 'アドレスをプロバイダーのものに戻す',
  'settings.pricingTier': '料金プラン',
  'settings.budgetCapUsd': '動画の予算上限（USD、空欄：上限なし）',
  'settings.budgetCapPeriod': '上限の数え方',
  'settings.concurrency.watermark': '同時に処理する画像数',
  'settings.concurrency.video': '同時に実行する動画の試行数',
  'settings.output': '出力',
  'settings.outputFolder': '出力フォルダー（空欄：各画像の隣に「clearframe」フォルダー）',
  'settings.chooseFolder': 'フォルダーを選択…',
  'settings.filenameTemplate': 'ファイル名',
  'settings.filenameExample':
    '{photo} は {example} になります。波かっこ内の {name}、{ext}、{date}、{n} は、画像の名前、拡張子、日付、バッチ内の順番を表します。',
  'settings.conflictPolicy': '名前が使われているとき',
  'settings.metadataPolicy': 'メタデータ（EXIF、カラープロファイル）',
  'settings.outputFormat': '結果の形式',
  'settings.folderLayout': 'ドロップしたフォルダーのサブフォルダー（出力フォルダー内）',
  'settings.app': 'アプリ',
  'settings.theme': 'テーマ',
  'settings.checkForUpdates': 'アップデートを確認する',
  'settings.save': '設定を保存',
  'settings.saved': '保存しました。',
  'settings.refused': '何も保存されていません。上で示された項目を修正してください。',
  'settings.diagnostics': '診断情報',
  'settings.openLogs': 'ログフォルダーを開く',
  'settings.copyDiagnostics': '診断情報をコピー',
  'settings.diagnosticsCopied': '診断情報をコピーしました。キーは含まれていません。',
  'settings.checkNow': '今すぐアップデートを確認',
  'settings.value.budgetCapPeriod.all-time': 'これまでの支出すべて',
  'settings.value.budgetCapPeriod.month': '暦月ごと（このコンピューターのタイムゾーン）',
  'settings.value.conflictPolicy.suffix': '番号を付ける',
  'settings.value.conflictPolicy.skip': 'この画像をスキップ',
  'settings.value.conflictPolicy.overwrite': '以前の結果を上書き',
  'settings.value.folderLayout.mirror': '出力フォルダー内にそのまま保つ',
  'settings.value.folderLayout.flatten': 'すべての結果を出力フォルダー直下に置く',
  'settings.value.metadataPolicy.keep': '残す',
  'settings.value.metadataPolicy.strip': '削除する',
  'settings.value.outputFormat.same': '元の画像と同じ（HEIC は JPEG）',
  'settings.value.outputFormat.pngFormat': 'PNG',
  'settings.value.outputFormat.jpegFormat': 'JPEG',
  'settings.value.outputFormat.webpFormat': 'WebP',
  'settings.value.pricingTier': '{tier}（1 秒あたり {price}）',
  'settings.value.theme.system': 'システムと同じ',
  'settings.value.theme.light': 'ライト',
  'settings.value.theme.dark': 'ダーク',
  'account.title': 'アカウント',
  'account.credits': '透かしクレジット',
  'account.balance': '動画の残高',
  'account.creditsLeft': '残り {remaining} / {limit, plural, other {# クレジット}}',
  'account.from': '（{host} より）',
  'account.price': '動画の料金',
  'account.pricePerSecond': '1 秒あたり {price}（{tier} プラン）',
  'account.spending': '動画の支出',
  'account.spent':
    '支出 {spent}、送信済みの試行 {inFlight}{cap, select, none {（予算上限なし）} monthly {（月の予算上限 {capAmount}）} other {（予算上限 {capAmount}）}}',
  'account.spentInMonth':
    '{month}：支出 {spent}、送信済みの試行 {inFlight}{cap, select, none {（予算上限なし）} monthly {（月の予算上限 {capAmount}）} other {（予算上限 {capAmount}）}}',
  'account.spendingHint': 'サービスが課金した可能性のあるすべての試行を、上限と同じように数えます',
  'account.queue': 'キュー全体を実行した場合',
  'account.queueCost': '{credits}、{money}',
  'account.refresh': '更新',
  'account.history': '支出の履歴',
  'spending.length': '{seconds} 秒 × {price}',
  'spending.place':
    '{retried, select, true {ショット {shot}、試行 {round}（{attempt} 回目の送信）} other {ショット {shot}、試行 {round}}}',
  'spending.removed': 'リストから除外済み',
  'spending.promptUnknown': 'プロンプト不明（サービスから追加）',
  'spending.lengthHint': 'サービスが報告した長さと、課金された 1 秒あたりの料金です。',
  'spending.lengthUnknownHint':
    'サービスがクリップの長さをまだ知らせていないため、見積もりで代用しています。',
  'spending.status.charged': '課金済み',
  'spending.status.estimated': '見積もり：サービスから報告なし',
  'spending.status.in-flight': '送信済み・未完了：見積もり',
  'spending.status.demo': 'デモ：想定額、課金なし',
  'spending.sum': '支出 {spent}、送信済みで未完了の試行 {inFlight}',
  'spending.sumWithDemo':
    '支出 {spent}、送信済みで未完了の試行 {inFlight}。デモの試行の想定額は {demo}',
  'spending.saved': '{count, plural, other {# 件の料金}}を {path} に保存しました',
  'spending.savedWithDemo':
    '{count, plural, other {# 件の課金}}と、課金されていない{demo, plural, other {# 件のデモ試行}}を {path} に保存しました',
  'spending.allMonths': 'すべての月',
  'spending.monthChoice': '{month} · {amount}',
  'spending.month': '月',
  'spending.export': 'CSV を書き出す…',
  'spending.close': '閉じる',
  'spending.totals': '合計：{sum}。',
  'spending.totalsInMonth': '{month}：{sum}。',
  'spending.about':
    'サービスが課金した可能性のある試行ごとに、その料金（サービスが報告した秒数 × 1 秒あたりの料金）、またはサービスから報告があるまでは見積もりを示します。月はこのコンピューターの暦月です。デモの試行は想定額を示すだけで、計上されません。',
  'spending.project':
    '<b>{project}</b>{removed, select, true {（リストから除外）} other {}}：{sum}',
  'spending.nothing': 'サービスには何も送信されていません。',
  'spending.nothingInMonth': '{month} にはサービスに何も送信されていません。',
  'spending.head.sent': '送信日時',
  'spending.head.round': '試行',
  'spending.head.length': '長さ',
  'spending.head.cost': '料金',
  'spending.more': 'さらに表示',
  // ── end of Settings and Account.

  // ── Video workspace: keys of the round editor and the project list go below this line.
  'project.emptyTitle': 'ショットを重ねて動画を作る',
  'project.emptyAbout':
    'プロジェクトは 1 本の動画です。動画は順に並んだショットでできていて、各ショットは試行を重ねて作ります。ショットを説明し、費用を確かめて送信し、うまくいく試行ができるまで繰り返します。',
  'project.emptyStart': '最初のプロジェクトに名前を付けて始めましょう。',
  'project.createForm': 'プロジェクトを作成',
  'project.newProject': '新しいプロジェクト',
  'project.namePlaceholder': '名前（例：夜の港）',
  'project.create': '作成',
  'project.project': 'プロジェクト',
  'project.shots': 'ショット',
  'project.shotButton': 'ショット {position}（{rounds}）',
  'project.addShot': 'ショットを追加',
  'project.exportTakes': 'テイクを書き出す…',
  'project.joinFilm': 'テイクを 1 本の映像につなぐ…',
  'project.spending': '支出…',
  'project.importRounds': '試行を読み込む…',
  'project.spendingTitle': '{name} の費用',
  'project.roundsTitle': '{project} · ショット {position}',
  'project.shotName': 'ショット {position}',
  'project.clipName': 'ショット {shot}、試行 {round}',
  'project.player': 'プレーヤー',
  'project.lastFrame': '最後のフレーム',
  'project.noTake': 'テイクなし',
  'project.exported':
    '{count, plural, other {# 本のテイクを {folder} にコピーしました（ショットごとに 1 本、順番どおり）。}}',
  'project.exportedLeftOut': '{copied}完成した試行がまだないため除外：{shots}。',
  // The Video studio: picture first, storyboard, prompt bar (issue 36).
  'round.attachImage': '画像を添付',
  'round.attachVideo': '動画を添付',
  'round.attachAudio': '音声を添付',
  'project.defaultName': 'プロジェクト {number}',
  'project.stageEmpty':
    'ショット {position} にはまだクリップがありません。下のバーで試行を書くと、そのクリップがここで再生されます。',
  'project.filmTotal': 'フィルム：{seconds} 秒 · 試行の費用 {cost}',
  'project.filmTotalDemo':
    'フィルム：{seconds} 秒 · 試行の費用は {cost} の見込み（デモ、課金なし）',
  'project.storyboardKeys':
    'ショットを動かすには、別のショットにドラッグするか、Alt と ← または → を押します。',
  'round.sendAbout': '確認して送信 · 約 {cost}',
  'round.sendUpTo': '確認して送信 · 最大 {cost}',
  'round.attach': '添付',
  'round.attached': '添付済み',
  'round.chipRemove': '{token} を外す',
  'round.chipAsReference': '{token} を参照にする',
  'round.chipAsFirstFrame': '{token} を最初のフレームにする',
  'round.chipEmpty': 'アドレス未入力',
  'round.enterHint': 'Enter で試行と費用を確認、Shift+Enter で改行します。',
  'round.moreOptions': 'その他のオプション',

  'round.title': '試行 {position}：{prompt}',
  'round.name': '試行 {position}',
  'round.promptUnknown': 'プロンプト不明（サービスから追加）',
  'round.demo': 'デモ',
  'round.demoHint': '内蔵シミュレーターで作成：サービスには何も送信されず、課金もされていません。',
  'round.money.demo': '{cost} 相当（デモ、課金なし）',
  'round.money.charged': '課金 {cost}',
  'round.money.estimated': '見積もり {cost}',
  'round.clip.auto': '長さはモデルが決定',
  'round.clip.default': 'サービス既定の長さ',
  'round.clip.seconds': '{seconds} 秒のクリップ',
  'round.clip.demoStandIn':
    '{seconds} 秒のクリップを指定。デモでは短い代わりのクリップを再生します',
  'round.seconds': '{seconds} 秒',
  'round.minutes': '{minutes} 分',
  'round.took': '所要 {time}',
  'round.running': '{time} 経過',
  'round.runningLeft': '{time} 経過 · 残り約 {left}',
  'round.play': '再生',
  'round.showInFolder': 'フォルダーに表示',
  'round.cleanLogo': '静止したロゴを除去（無料）',
  'round.cancel': 'キャンセル',
  'round.cancelHint': '待つのをやめます。サービス側では完成して課金されることがあります。',
  'round.writePrompt': 'プロンプトを書く…',
  'round.writePromptHint':
    'このタスクのプロンプトを Clearframe は知らないため、そのまま再送信できません。',
  'round.duplicate': '複製',
  'round.duplicateWhat': '試行 {position} のコピーを送信',
  'round.extendForm': '試行 {position} を延長',
  'round.extendWhat':
    '試行 {position} の続きを最後のフレームから{into, select, new {このショットの後の新しいショットに} other {このショットに（採用テイクになります）}}送信',
  'round.next': '試行 {position} の後に起きること',
  'round.nextPlaceholder': '次に起きること…',
  // The take cards (issue 36): their ⋯ menus and the project's.
  'round.actions': '試行 {position} の操作',
  'round.extendFromFrameOpen': '最後のフレームから延長…',
  'round.moveEarlier': '前へ移動',
  'round.moveLater': '後ろへ移動',
  'project.actions': 'プロジェクトの操作',
  'project.nameHint': '名前をクリックするとプロジェクト名を変更できます',
  'project.nameEmpty':
    'プロジェクトには名前が必要です。名前を入力するか、Escape キーを押して「{name}」のままにしてください。',
  'round.extendVideoOpen': '動画を延長…',
  'round.extendVideoForm': '試行 {position} の動画を延長',
  'round.extendVideoWhat':
    '試行 {position} の続きをそのクリップを参照にして{into, select, new {このショットの後の新しいショットに} other {このショットに（採用テイクになります）}}送信',
  'round.extendPlace': '試行 {position} の続きの置き場所',
  'round.extendInto': '{into, select, new {新しいショットで続ける} other {このショットで続ける}}',
  'round.uploadFirst':
    'サービスは参照動画をアップロード済みのアセットとしてのみ受け付けますが、このクリップはダウンロードリンクとして返されました。{file} をプロバイダーのサイトでアカウントにアップロードし、その asset:// アドレスをここに貼り付けてください。',
  'round.assetAddress': '試行 {position} のアセットアドレス',
  'round.continuation': '試行 {position} の続き方',
  'round.extendVideo': '動画を延長',

  'round.paidLabel': '有料リクエストの確認',
  'round.paidAbout': '{what}：約 {cost}。よろしいですか？',
  'round.paidUpTo': '{what}：最大 {cost}。よろしいですか？',

  'round.editor': '新しい試行',
  'round.kind': '試行の種類',
  'round.mode.text': 'テキストから動画',
  'round.mode.image': '画像から動画',
  'round.mode.frames': '最初と最後のフレーム',
  'round.mode.video': '動画を参照',
  'round.mode.audio': '音声を参照',
  'round.mode.edit': 'タイムスタンプで編集',
  'round.mode.auto': '自動（オムニ参照）',
  'round.prompt': 'プロンプト',
  'round.model': 'モデル',
  'round.duration': '長さ（秒）',
  'round.durationField': '長さ',
  'round.resolution': '解像度',
  'round.ratio': 'アスペクト比',
  'round.sound': '音声',
  'round.watermark': 'クリップに AI 透かしを入れる',
  'round.keepLastFrame': '最後のフレームを残す（延長用）',
  'round.costAbout': '{seconds} 秒のクリップで約 {cost}',
  'round.costUpTo': '最大 {cost}：長さはモデルが決定、最長 {seconds} 秒',
  'round.lengthUnknown':
    '{count, plural, other {参照 {references} の長さはこのコンピューターではわからない}}ため、ここでは確認しません。参照動画が {min}〜{max} 秒かどうかは送信後にサービスが確認し、満たさない場合は試行が失敗します。',
  'round.editorDemo': 'デモ：内蔵シミュレーターが作成、課金なし',
  'round.balance': '残高 {balance}',
  'round.overCap': '使用済みまたは処理中の {spent} と合わせると、予算上限 {cap} を超えます',
  'round.overMonthlyCap':
    '{month}に使用済みまたは処理中の {spent} と合わせると、月の予算上限 {cap} を超えます',
  'round.addToBatch': 'このバッチに試行をもう 1 つ追加',
  'round.inBatch': 'このバッチにあと {count} 件',
  'core.rounds.referenceUnreadable':
    '{name} は画像として読み込めません。JPEG、PNG、WebP のファイルを選んでください。',
  'core.rounds.referenceFormat':
    '{name} は {format} ファイルで、サービスは参照として受け付けません。JPEG か PNG で保存して、もう一度選んでください。',
  'round.chooseFile': 'ファイルを選択…',
  'round.fromComputer': '{name} · このコンピューター上の画像、リクエストに含めて送信',
  'round.fromComputerUnnamed': 'このコンピューター上の画像、リクエストに含めて送信',
  'round.clearFile': '画像を外す',
  'request.inlineTooLarge':
    'このコンピューターの画像でリクエストが約 {megabytes} MB になりますが、サービスの上限は {max} MB です。小さい画像（JPEG で保存するなど）を選ぶか、枚数を減らしてください。',
  'round.batchLine':
    '試行 {number}：{prompt} · {kind} · {length} · {upTo, select, true {最大 {cost}} other {約 {cost}}}',
  'round.batchChip': '試行 {number}：{prompt} · {upTo, select, true {最大 {cost}} other {{cost}}}',
  'round.pastedPicture': '貼り付けた画像',
  'round.dropNeedsAddress':
    '{name}：サービスはクリップと音声をアドレスでしか受け取りません。アカウントにアップロードして、その asset:// アドレスを貼り付けてください（音声はウェブアドレスでもかまいません）。',
  'round.dropNotMedia':
    '{name} は画像・クリップ・音声のいずれでもありません。画像（JPEG、PNG、WebP、TIFF、GIF）をドロップするか、クリップや音声のアドレスを貼り付けてください。',
  'round.batchEdit': 'フォームに戻す',
  'round.batchRemove': 'バッチから外す',
  'round.batchDetails':
    '{resolution} · {ratio} · {sound, select, true {音声あり} other {音声なし}} · {references, plural, =0 {参照なし} other {参照 # 件}}',
  'round.toSend': '送信する試行',
  'round.formNotSent': 'フォームの試行は未完成のため送信されません。フォームに残ります。',
  'round.review': '確認して送信',
  'round.confirmAbout': '{count, plural, other {# 件の試行}}を約 {cost} で送信しますか？',
  'round.confirmUpTo': '{count, plural, other {# 件の試行}}を最大 {cost} で送信しますか？',

  // What the window's requests are refused with.
  'ipc.untrusted': 'この要求は Clearframe のウィンドウから来たものではありません。',
  'ipc.unknownChannel': '{channel} という名前のチャンネルはありません。',
  'ipc.malformed': '{channel} への要求の形式が正しくありません：{problem}',
  'ipc.notAvailable': '{channel} はこのウィンドウでは使えません。',
  'ipc.failed':
    'Clearframe はそれを実行できませんでした（{detail}）。もう一度試してください。失敗が続く場合は、診断情報をコピーして報告してください。',
  'ipc.problem.dropSomething': 'ファイルかフォルダーを 1 つ以上ドロップしてください。',
  'ipc.problem.chooseImportFile': 'CSV か JSON のファイルを選んでください。',
  'ipc.problem.pastedTooLarge':
    '貼り付けた画像が大きすぎます。ファイルとして保存し、そのファイルを追加してください。',
  'ipc.problem.pastedNotImage': '貼り付けたデータは画像ではありません。',
  'ipc.problem.chooseImage': '画像を 1 枚以上選んでください。',
  'ipc.problem.growAtLeast': '1 ピクセル以上広げるか狭めてください。',
  'ipc.problem.sayNext': '次に何が起こるかを書いてください。',
  'ipc.problem.frameTooLarge': 'クリップから取り出したフレームが大きすぎて送信できません。',
  'ipc.problem.frameNotBase64': 'クリップから取り出したフレームが base64 ではありません。',
  'ipc.problem.findAgain': 'もう一度『透かしを探す』を実行してください。',

  // A value a form or a file gives that its rule does not take.
  'check.month': '月は YYYY-MM の形で指定してください（例：2026-03）。',
  'check.choose': '{choices} から選んでください。',
  'check.number': '数値を入力してください。',
  'check.wholeNumber': '整数を入力してください。',
  'check.atLeast': '{bound} 以上にしてください。',
  'check.moreThan': '{bound} より大きくしてください。',
  'check.atMost': '{bound} 以下にしてください。',
  'check.lessThan': '{bound} より小さくしてください。',
  'check.empty': '入力してください。空にはできません。',
  'check.tooLong': '{count, plural, other {# 文字}}以内にしてください。',
  'check.atLeastItems': '{count, plural, other {# 個}}以上指定してください。',
  'check.atMostItems': '一度に {count, plural, other {# 個}}までです。',
  'check.address': 'https:// で始まる完全なアドレスを入力してください。',
  'check.unknownFields':
    'Clearframe は {fields} に対応していません。{count, plural, other {削除してください}}。',
  'check.invalid': 'この値は使えません。別の値を入力してください。',
  'settings.problem.address':
    'https://（ローカルのサービスなら http://）で始まる完全なアドレスを入力してください。',
  'settings.problem.addressScheme': 'アドレスは https:// か http:// で始めてください。',
  'settings.problem.capAmount': '金額を USD で入力してください。',
  'settings.problem.capNegative': '上限をマイナスにはできません。',
  'settings.problem.templateEmpty':
    'ファイル名のテンプレートが空です。画像の名前を残す {example} のように入力してください。',
  'settings.problem.templateCharacters': 'ファイル名のテンプレートに {characters} は使えません。',
  'settings.problem.templateUnknown':
    'ファイル名のテンプレートの {unknown} は使えません。{tokens} を使ってください。',
  'settings.problem.templateNoName':
    'ファイル名のテンプレートには {name} か {n} が必要です。ないと、すべての結果が同じ名前になります。',

  // What is wrong with a key as typed or pasted.
  'keys.problem.spaces':
    'キーの先頭か末尾に空白があります。空白を除いてもう一度貼り付けてください。',
  'keys.problem.tooShort': 'キーが短すぎます。アカウントページからキー全体をコピーしてください。',
  'keys.problem.tooLong': 'キーが長すぎます。アカウントページからキーだけをコピーしてください。',
  'keys.problem.characters':
    'キーに使えない文字が含まれています。アカウントページからもう一度コピーしてください。',

  // What the budget cap and the balance say before a round is paid for.
  'budget.overCap':
    'この試行（{estimate}）で動画の支出が {total} になり、予算上限 {cap} を超えます（支出済み {spent}、送信済みの試行に {inFlight}）。設定で上限を上げてから、この試行をやり直してください。',
  'budget.overMonthlyCap':
    'この試行（{estimate}）で {month} の動画の支出が {total} になり、月の予算上限 {cap} を超えます（今月の支出 {spent}、送信済みの試行に {inFlight}）。設定で上限を上げるか、{nextMonth} にこの試行をやり直してください。',
  'budget.balanceLow':
    '動画の残高は {balance} ですが、この試行には約 {estimate} かかります。プロバイダーのサイトで残高を追加してから、この試行をやり直してください。',
  'budget.balanceLowHeld':
    '動画の残高は {balance} で、そのうち {held} は送信済みの試行に確保されています。この試行には約 {estimate} かかります。プロバイダーのサイトで残高を追加してから、この試行をやり直してください。',

  // The rules of a round, said where the round form and the command line check it.
  'request.writePrompt':
    'プロンプトを書いてください。参照があっても、どの試行にもプロンプトが必要です。',
  'request.tooManyReferences':
    '参照を {count, plural, other {# 個}}外してください。1 回の試行で使える参照はプロンプトのほかに {max} 個までです。',
  'request.giveAddress': '参照 {number} のアドレスを入力するか、参照を外してください。',
  'request.videoAsAsset':
    '参照 {number} は asset:// のアドレスで指定してください。動画は、プロバイダーのサイトでアカウントにアップロードしたものしかサービスが受け付けません。',
  'request.publicAddress':
    '参照 {number} は https://（公開されたウェブアドレス）または asset://（アカウントにアップロード済み）で始まるアドレスで指定してください。',
  'request.sayRole': '参照 {number} の用途を選んでください：{roles}。',
  'request.wrongRole':
    '参照 {number} は{kind, select, image {画像} video {動画} other {音声}}なので「{role}」にはできません。{roles}にしてください。',
  'request.promptNamesMissing':
    'プロンプトに {token} とありますが、この試行の{kind, select, image {参照画像} video {参照動画} other {参照音声}}は{count, plural, =0 {ありません} other {# 個です}}。参照を追加するか、プロンプトの {token} を直してください。',
  'request.autoOnly': '試行の種類に「自動」を選ぶか、別の種類を選んでください。',
  'request.resolution':
    '解像度は {choices} から選んでください。サービスは {resolution} を作れません。',
  'request.autoRatio':
    'アスペクト比は {ratio} を選んでください。自動の試行ではモデルがクリップの形を決めます。',
  'request.autoDuration': '長さはモデルに任せてください。自動の試行は長さを自分で決めます。',
  'request.autoTakesReferences':
    '自動の試行は参照しか使えないため、参照 {number} を「{role}」にはできません。フレームを使うには別の種類の試行を選んでください。',
  'request.adaptiveOnlyAuto':
    'アスペクト比は {choices} から選んでください。{ratio} は自動の試行専用です。',
  'request.ratio': 'アスペクト比は {choices} から選んでください。サービスは {ratio} を作れません。',
  'request.duration':
    '長さを {min}〜{max} 秒にしてください。{model} は{open, select, true {長さを決めないクリップ} other {{seconds} 秒のクリップ}}を作れません。',
  'request.oneFrameEach': '最初のフレームを 1 つ、最後のフレームは 1 つまで指定してください。',
  'request.firstFrameNeeded':
    '最初のフレームを追加してください。最後のフレームで終わる試行は、最初のフレームから始まります。',
  'request.framesOrReferences':
    'フレームと参照は同時に使えません。どちらかを外すか、参照を使うなら試行の種類に「自動」を選んでください。',
  'request.referenceLength':
    '参照 {number} の長さは {seconds} 秒ですが、自動の試行で使える参照動画は {min}〜{max} 秒です。動画を短くするか、別の動画を選んでください。',
  'referenceImage.tooManyBytes':
    '参照画像は {megabytes} MB までです。小さく保存してから、もう一度追加してください。',
  'referenceImage.sides':
    '参照画像の各辺は {min}〜{max} ピクセルが必要ですが、この画像は {width}×{height} です。サイズを変えてから、もう一度追加してください。',
  'referenceImage.shape':
    '参照画像の縦横比は {min}:1〜{max}:1 の範囲が必要ですが、この画像は {aspect}:1 です。切り抜いてから、もう一度追加してください。',
  'image.tooLargeToOpen':
    '画像が大きすぎます：{width}×{height} ピクセル（{megapixels} メガピクセル）で、Clearframe が開ける {limit} メガピクセルを超えています。画像編集ソフトで縮小してから、もう一度追加してください。',

  'round.role.firstFrame': '最初のフレーム',
  'round.role.lastFrame': '最後のフレーム',
  'round.role.referenceImage': '参照画像',
  'round.role.referenceVideo': '参照動画',
  'round.role.referenceAudio': '参照音声',
  'round.slot': '{role}、参照 {number}（{accepts}）',
  'round.acceptsAssetOrWeb': 'asset:// または https://',
  'round.slotPlaceholder': 'asset://… または https://…',
  'round.assetPlaceholder': 'asset://…',
  'round.size': '{width}×{height}',
  'round.slotPreview': '{role} のプレビュー',
  'round.thumb.asset': 'アセット',
  'round.thumb.image': '画像',
  'round.thumb.video': '動画',
  'round.thumb.audio': '音声',
  'round.demoMedia': 'デモ素材：',
  'round.demoMediaFor': '参照 {number} のデモ素材',
  'round.demoAsset.demo-image-landscape': '横長の写真',
  'round.demoAsset.demo-image-portrait': '縦長の写真',
  'round.demoAsset.demo-video-8s': '8 秒のクリップ',
  'round.demoAsset.demo-video-2s': '2 秒のクリップ',
  'round.demoAsset.demo-audio-6s': '6 秒の音声',

  'import.title': '試行を読み込む',
  'import.heading': '{project} に試行を読み込む',
  'import.about':
    'CSV ファイル（ヘッダー行の後に 1 行 1 試行）または JSON リストで、列は prompt、kind、references、duration、ratio、shot です。参照は image=…、video=…、audio=… と書き、| で区切ります。キューに入れる前にすべての行を確認します。',
  'import.file': '試行の CSV または JSON ファイル',
  'import.checking': 'すべての行を確認しています…',
  'import.noPath':
    '{name} の保存場所を Clearframe が特定できません。このコンピューターにファイルとして保存してから、もう一度選んでください。',
  'import.problems':
    'すべての行が確認を通るまで、{name} からは何もキューに入れられません。次の行を直して、もう一度ファイルを選んでください：',
  'import.problem': '<strong>{label}:</strong> {message}',
  'import.row': '行',
  'import.shot': 'ショット',
  'import.kind': '種類',
  'import.prompt': 'プロンプト',
  'import.cost': '費用',
  'import.costAbout': '約 {cost}',
  'import.costUpTo': '最大 {cost}',
  'import.total': '{count, plural, other {# 件の試行}}、合計 {total}。',
  'import.close': '閉じる',
  'import.queueWhat': '{name} の{count, plural, other {# 件の試行}}をキューに入れる',
  'import.queue': '{count, plural, other {# 件の試行}}を {total} でキューに入れる',
  'import.queued':
    '{name} の{count, plural, other {# 件の試行}}を {project} のキューに入れました。',
  'round.frameUnreadable':
    '最後のフレームを取り出すためにクリップを再生できませんでした。プレーヤーで一度再生してから、もう一度延長してください。',
  // ── end of Video workspace.

  // ── Images workspace: keys of the finder, previews and output go below this line.
  'images.urlForm': 'アドレスから画像を追加',
  'images.urlLabel': '画像のアドレス',
  'images.urlPlaceholder': 'https://…',
  'images.urlAdd': '追加',
  'images.reasonLine': '{name}：{reason}',
  'images.skippedTitle': '取り込まなかったファイル（{count}）とその理由：',
  'images.skippedList': 'スキップしたファイル',
  'images.ready': '準備完了：',
  'images.readySummary': '{count, plural, other {# 枚}}、うちマスクあり {masked} 枚',
  'images.selectAll': 'すべて選択',
  'images.selectNone': '選択を解除',
  'images.removeSelected': '選択した画像を外す',
  'images.find': '透かしを探す',
  'images.startFree':
    '開始 – 無料、このコンピューターで処理{left, plural, =0 {} other {（# 枚は除去済みのため除外）}}',
  'images.start':
    '開始 – {count, plural, other {# 枚}}に {credits}を使用{free, plural, =0 {} other {（うち # 枚はこのコンピューターで無料）}}{left, plural, =0 {} other {（# 枚は除去済みのため除外）}}',
  'images.startUpTo':
    '開始 – {count, plural, other {# 枚}}に最大 {credits} を使用{free, plural, =0 {} other {（うち # 枚はこのコンピューターで無料）}}{left, plural, =0 {} other {（# 枚は除去済みのため除外）}}',
  'images.startNothing':
    '送るものはありません：{left, plural, other {# 枚}}は同じマスクで除去済みです。もう一度送るには「再度除去」にチェックを入れてください。',
  'images.heldBackUnsure':
    '{count, plural, other {# 枚の画像を保留しています：透かし検出でマークを確信できなかったため、送信しません。「マスクを編集」でマスクを描くか、「透かしを探す」でチェックを入れてください。}}',
  'images.startOnlyUnsure':
    'まだ送信するものはありません：透かし検出はこれらの画像のマークを確信できませんでした。先にマスクを描いてください。',
  'images.cleanedBefore':
    'このうち {count, plural, other {# 枚}}は以前に除去済みです。同じマスクで再送信される画像は除外され、料金はかかりません（「再度除去」にチェックした場合を除く）。',
  'images.appliedSameSize': '{size} の画像 {count, plural, other {# 枚}}にマスクを適用しました。',
  'images.appliedAll': '{count, plural, other {# 枚の画像}}にマスクを適用しました。',
  'images.appliedSelected': '選択した {count, plural, other {# 枚の画像}}にマスクを適用しました。',
  'images.appliedScaled':
    'このうち {count, plural, other {# 枚}}は {size} とサイズが異なるため、マスクを拡大縮小し、各印を {name} と同じく隅の近くに保ちました。「マスクを編集」で確認してください。',
  'images.twoSentences': '{first}{second}',
  'images.maskSaved': '{name} のマスクを保存しました。',
  'images.maskRemoved': '{name} のマスクを削除しました。',
  'images.foundNote':
    '見つかったマスクを {count, plural, other {# 枚の画像}}に適用しました{free, plural, =0 {} other {（うち # 枚はこのコンピューターで無料で除去）}}。「プレビュー」で確認するか、「マスクを編集」で変更してください。',
  'images.applySameSize': '{size} の画像すべてに適用',
  'images.applyAll': '画像 {count} 枚すべてに適用',
  'images.applySelected': '選択した画像に適用',
  'images.previewFree': '{name} をプレビュー（無料）',
  'images.noMaskAll':
    'まだどの画像にもマスクがありません。この場合、サービスが自分で透かしを探し、見つけたものを除去します（デモモードでは隅に見つけた印を塗り直します）。探す場所を指定するには、マスクを塗ってください。',
  'images.noMaskSome':
    '{count, plural, other {# 枚}}の画像にマスクがありません。この場合、サービスが自分で透かしを探し、見つけたものを除去します（デモモードでは隅に見つけた印を塗り直します）。探す場所を指定するには、マスクを塗ってください。',
  // The staged images the measured mark cleans here (a profile or the finder's choice).
  'images.localAll':
    '{count, plural, other {# 枚すべて}}を、測った透かしでこのコンピューターで無料で除去します：サービスには何も送信しません。',
  'images.localSome':
    '{count, plural, other {# 枚}}の画像は、測った透かしでこのコンピューターで無料で除去します：それらについてサービスには何も送信しません。',
  'images.list': '準備済みの画像',
  'images.select': '{name} を選択',
  'images.fromWeb': '{name}（Web から）',
  'images.localFree': 'このコンピューターで除去、無料',
  'images.cleanAgain': '除去済み · 再度除去',
  'images.scaledHint': 'このマスクは {size} の画像で描かれ、この画像に合わせて拡大縮小されました。',
  'images.badge.scaled': 'マスク（拡大縮小）',
  'images.badge.mask': 'マスク',
  'images.badge.none': 'マスクなし',
  'images.editMask': 'マスクを編集',
  'images.paintMask': 'マスクを塗る',
  'images.editMaskOf': 'マスクを編集：{name}',
  'images.paintMaskOf': 'マスクを塗る：{name}',
  'images.preview': 'プレビュー',
  'images.previewHint': 'マスクを確認するための、このコンピューターでの無料の塗り直し',
  'images.maskEditor': 'マスクエディター',
  'images.compareTitle': '処理前と処理後：{name}',
  'images.cleaned': '除去後',
  'images.savedTo': '保存先：{path}',
  'finder.looking': '透かしを探しています',
  'finder.lookingFor': '{count} 枚の画像に共通する印を、このコンピューターで無料で探しています…',
  'finder.cancel': 'キャンセル',
  'finder.close': '閉じる',
  'finder.found': '見つかった透かし',
  'finder.intro':
    '赤い部分が各画像のマスクの範囲です。除外する画像はチェックを外してください。マスクを使った後でも、「マスクを編集」でそれぞれ調整できます。',
  'finder.groupSize': '{size} の画像 {count, plural, other {# 枚}}',
  'finder.groupCorner':
    'さまざまなサイズの画像 {count, plural, other {# 枚}}、印は{corner, select, top_left {左上} top_right {右上} bottom_left {左下} other {右下}}の隅',
  'finder.groupHeading': '{group}：{finding}',
  'finder.noShared': '共通の印は見つかりませんでした。マスクを手で塗ってください',
  'finder.markOn': 'うち {count} 枚に印があります',
  'finder.serviceOnly':
    'これらはサービスでのみ除去できます。このコンピューターで除去するには、印のある同じサイズの画像 3 枚以上で印を測定する必要があります。',
  'finder.markFound': '印あり（{percent}）',
  'finder.noMark': '印なし（{percent}）',
  'finder.more':
    'このグループにはほかに {count} 枚あり、スコアに従って同じようにチェックされています。',
  'finder.byHand': '手で印を付ける画像',
  'finder.byHandTitle': '手で印を付ける画像（{count}）',
  'finder.use':
    '{count, plural, other {# 枚の画像}}にマスクを使う{free, plural, =0 {} other {（うち # 枚はこのコンピューターで除去）}}',
  'finder.who': '除去する場所',
  'finder.byService': 'サービス — 1 枚あたり {credits}',
  'finder.byComputer': 'このコンピューター — 無料',
  // The self-check: the quality cleaning on this computer is expected to give.
  'quality.expected':
    'このコンピューターでの予想品質：{db} dB。{band, select, clean {透かしは見えなくなるはずです。} faint {平坦な部分に透かしのかすかな跡が残ることがあります。} other {結果に透かしの跡が残る可能性が高いです。}}',
  'quality.notChosen':
    'そのため「このコンピューター」は選択されていません。選ぶ前に 2 つのプレビューを比べてください。',
  'quality.short': '予想 {db} dB',
  'cli.engine.expectedLow':
    '--engine local ではそれでも除去しますが、除去後の確認で透かしの跡が見つからない限り、各結果に「透かしがまだ見える」と表示します。',
  'finder.maskShare': 'マスクは各画像の {share} を覆います。',
  'finder.tickGroup': '{count, plural, other {このグループの # 枚すべて}}',
  'finder.unsure': '不確か（{percent}）',
  'finder.unreadable': '読み込めなかった画像',
  'finder.unreadableTitle': '読み込めなかった画像（{count}）',
  'preview.title': '無料プレビュー：{name}',
  'preview.afterWord': '無料プレビュー',
  'preview.note':
    'マスクの範囲を示すため、このコンピューターで簡単な塗り直しにより無料で作成しました。サービス本来の結果のほうが通常はきれいです。',
  'preview.making': 'プレビューを作成中',
  'preview.repainting': 'マスクした部分をこのコンピューターで塗り直しています…',
  'preview.failed': 'プレビューを作成できませんでした：{reason}',
  'preview.close': '閉じる',
  'preview.eachEngine': '{name} の二通りの除去結果',
  'preview.enlarged': '{name}（印の周りを拡大）をそれぞれの方法で除去：',
  'preview.cleanedLocal': 'このコンピューターで除去',
  'preview.cleanedService': 'サービスで除去',
  'preview.undoing': 'このコンピューターで印を取り除いています',
  'preview.serviceCleaning': 'サービスが除去中です',
  'preview.askService': 'サービスでプレビュー – {credits}',
  'preview.question': '{name} をサービスに送ってプレビューしますか？（{credits}）',
  'preview.confirm': '{name} のサービスでのプレビューを確定',
  'preview.byService':
    'サービス — 1 枚あたり {credits}{demo, select, true {（デモモードでは無料）} other {}}',
  'output.summary': '出力：{folder} · 名前の例 {example}',
  'output.besideEach': '各画像の隣の「clearframe」フォルダー',
  'output.creditsLeft': '残り {count, plural, other {# クレジット}}',
  // Demo figures said as simulated, and what an empty filter of the results says.
  'output.demoCreditsLeft': '残り {count, plural, other {# デモクレジット}}（シミュレーション）',
  'account.demoCreditsLeft':
    '残り {remaining} / {limit, plural, other {# デモクレジット}}（シミュレーション）',
  'account.demoBalance': '{balance}（シミュレーションのデモ残高）',
  'jobs.empty.all': 'この一覧に画像はありません',
  'jobs.empty.running': '処理中の画像はありません',
  'jobs.empty.failed': '失敗した画像はありません',
  'jobs.empty.doubt': '確認が必要な結果はありません',
  'jobs.empty.done': '完了した画像はまだありません',
  'output.folder': 'フォルダー',
  'output.folderPlaceholder': '各画像の隣',
  'output.choose': '選択…',
  'output.fileName': 'ファイル名',
  'output.conflict': '名前が使われている場合',
  'output.layout': 'ドロップしたフォルダーのサブフォルダー',
  'output.metadata': 'メタデータを残す（EXIF、カラープロファイル）',
  'output.format': '形式',
  // ── end of Images workspace.

  // ── Command line and main process: keys of their messages go below this line.
  // コマンドライン: 各コマンドの用途と書き方。
  'cli.summary.help': "コマンドの一覧、または各コマンドの使い方を表示します（help '<'コマンド>）",
  'cli.summary.remove':
    '画像とフォルダーから透かしを取り除きます（--demo でシミュレーターで試せます）',
  'cli.summary.video': '動画プロジェクト：new、add-round、import、run、status、spending',
  'cli.summary.jobs': '各状態のジョブ数を表示します（--watch で追跡）',
  'cli.summary.balance': '透かしのクレジットと動画の残高',
  'cli.summary.key': 'システムのキーチェーンの API キーを設定・テスト・削除します',
  'cli.summary.simulator': 'サービスのローカル代替を起動します（--port=N）',
  'cli.summary.version': 'バージョンを表示します',
  'cli.help.usage': '使い方: clearframe help [コマンド]',
  'cli.help.head': "使い方：clearframe '<'コマンド> [オプション]\n\nコマンド：",
  'cli.help.foot':
    '多くのコマンドで使えるオプション：--json（1 行に 1 つの JSON オブジェクト）、--demo（サービスの代わりに\n内蔵シミュレーター）、--data-dir フォルダー（別のデータフォルダー）。\n\n終了コード：{done} 完了、{someFailed} 一部のジョブが失敗したか判断待ち、またはエラー、{usage} コマンドラインの誤り、\n{noKey} API キーなし、{spending} 予算上限または残高により有料の試行が止まった、{interrupted} 中断。',
  'cli.version.usage': '使い方: clearframe version',
  'cli.jobs.usage':
    '使い方: clearframe jobs [--watch] [--json] [--data-dir フォルダー]\n  画像と動画の試行が各状態にいくつあるかを表示します。--watch を付けると Ctrl+C まで\n  毎秒表示を更新します。',
  'cli.balance.usage':
    '使い方: clearframe balance [--demo] [--json] [--data-dir フォルダー]\n  透かしのクレジットと動画の残高を、それぞれのサービスが報告するとおりに表示します。',
  'cli.remove.usage':
    "使い方: clearframe remove '<'ファイル|フォルダー…> [--mask ファイル | --mask-rect x,y,幅,高さ | --auto-mask] [--out フォルダー]\n                          [--recursive] [--concurrency n] [--retry] [--force] [--dry-run] [--demo] [--json] [--data-dir フォルダー]\n  指定した画像と、フォルダー内で見つかったすべての画像から透かしを取り除きます。--mask はマスク\n  ファイルを受け取ります（純粋な黒と白以外の色での印、または黒地に白）。--mask-rect は画像の\n  ピクセル単位で長方形を 1 つ指定し、送信前にすべての画像と照合します。\n  異常終了の後にもう一度実行すると続きから再開します。送信済みのものは再送信されません。\n  --retry   失敗したファイルを再試行します。サービスが画像を持っていれば無料で問い合わせ直し、\n            一度も受け付けられなかったファイルは（差し替え後などに）準備し直します\n  --force   除去済みまたは失敗したファイルを新しい有料の試行として送ります（1 枚につき 1 クレジット）\n{masks}\n{engines}",
  'cli.masks.usage':
    '  --mask-anchor top-left|top-right|bottom-left|bottom-right|relative\n            --mask-rect（と --mask-clear-outside）を測る基準。角を指定すると x,y はその角の辺からの\n            距離になり、1 つの長方形がどのサイズの写真にも合います。relative では 4 つの数値すべてが\n            画像に対する 0 から 1 の割合になります\n  --auto-mask         画像に共通する透かしを探し、送信前にグループごとに見つかったものを表示します。\n                      このとき --mask-rect はおおよその目安になります\n  --dry-run           送信する内容を表示して止まります。何も送信も支払いもされません\n  --save-masks フォルダー  各グループのマスクを元のサイズの PNG（黒地に白）としてそこに書き出します\n  --mask-grow n, --mask-shrink n, --mask-invert, --mask-clear-outside x,y,幅,高さ\n                      送信前にマスクを変更します。n ピクセル広げる・縮める、反転する、\n                      長方形の外をすべて消す\n  --mask-whole        すべてのピクセルを示す --mask ファイル（全体が白など）を画像全体を\n                      示すものとして使い、画像全体を塗り直します',
  'cli.engine.usage':
    '  --engine service|local\n                      service（既定）: サービスが各画像を除去します。1 枚につき 1 クレジット。\n                      local: --auto-mask がバッチで測った透かしの合成を、このコンピューターが\n                      無料・オフラインで元に戻します。透かしを測れない画像は除外して名前を表示します\n                      （--engine service で送ってください）',
  'cli.video.usage':
    "使い方:\n  clearframe video new '<'名前> [--shot タイトル]\n  clearframe video add-round '<'プロジェクトまたはショットの ID> --prompt テキスト [--duration 秒（既定 {seconds}）] [--resolution 480p|720p]\n        [--ratio 16:9] [--model ID] [--image URL[=役割]]… [--video URL] [--audio URL] [--auto]\n        [--last-frame] [--generate-audio] [--watermark]\n  clearframe video add-round --extend '<'試行 ID> --prompt テキスト\n  clearframe video import '<'ファイル.csv|ファイル.json> (--project ID | --new 名前) [--yes]\n  clearframe video run [--concurrency n] [--out フォルダー] [--demo]\n  clearframe video status [プロジェクト ID]\n  clearframe video spending [--project ID] [--month YYYY-MM] [--csv ファイル]\n        サービスが課金した可能性のあるすべての試行（課金額、またはサービスからの連絡がない間は見積もり）を\n        新しい順に、月別（このコンピューターのタイムゾーン）とプロジェクト別に表示します。--csv を付けると\n        CSV ファイルにも書き出します。既存のファイルは上書きしません\nすべて --json と --data-dir フォルダー を受け付けます。\n\nvideo import は、CSV ファイル（先頭行で列名を指定）または JSON のオブジェクトのリストから、\n次の列またはフィールドで試行をまとめてキューに入れます:\n  prompt      試行の内容（必須）\n  kind        {kinds}（既定は text）\n  references  image=URL、video=URL、audio=URL を | で区切って指定（JSON ではリスト）。種類ごとの\n              N 番目はプロンプトで @imageN、@videoN、@audioN です。\"video=asset://id from\n              clip.mp4\" はアップロード元のファイルを示し、その長さをここで確認します。\n  duration    秒数（既定 {seconds}、auto では空欄）\n  ratio       {ratios}（auto では adaptive）\n  shot        同じショット名の試行はそのショットを共有します。指定のない試行には専用のショットが作られます\n最初にすべての行を確認します。1 行でも誤りがあれば何もキューに入れず、問題ごとに行番号を示します。\n試行と合計費用を表示してから確認します。--yes を付けると確認せずにキューに入れます\n（標準入力が端末でない場合は必須）。",

  // コマンドライン: 入力の誤り。
  'cli.unknownCommand':
    'clearframe: 不明なコマンド「{name}」です。「clearframe help」で一覧を表示できます。',
  'cli.usageError':
    'clearframe {command}：{problem} clearframe {command} --help を参照してください。',
  'cli.commandProblem': 'clearframe {command}：{problem}',
  'cli.failed': 'clearframe: {problem}',
  'cli.unexpected': 'clearframe {command}：予期しないエラーでコマンドが止まりました：{problem}',
  'cli.args.unknownOption': '不明なオプション {option} です。',
  'cli.args.unexpected': '予期しない引数 {argument} です。',
  'cli.args.takesNoValue': '{option} は値を取りません。',
  'cli.args.needsValue': '{option} には値が必要です。',
  'cli.args.thatOption': 'このオプション',
  'cli.args.unreadable': 'オプションを読み取れません。',
  'cli.concurrency': '--concurrency には 1 から {most} までの整数を指定してください。',
  'cli.fileProblem': '{file}：{problem}',
  'cli.note': '注意：{note}',
  'cli.ask.choices': '[y/N]',
  'cli.ask.yes': 'y|yes|はい',

  // コマンドライン: 一覧に表示する状態とサービスの名前。
  'cli.state.queued': '待機中',
  'cli.state.preparing': '準備中',
  'cli.state.submitting': '送信中',
  'cli.state.submitted': '送信済み',
  'cli.state.processing': '処理中',
  'cli.state.downloading': '保存中',
  'cli.state.done': '完了',
  'cli.state.failed': '失敗',
  'cli.state.canceled': '取り消し',
  'cli.state.needs-attention': '判断が必要',
  'cli.service.watermark': '透かし',
  'cli.service.video': '動画',

  // コマンドライン: 進行状況、アプリの追跡、件数と残高。
  'cli.progress.bar': '{label} [{bar}] {settled}/{total}{failed, plural, =0 {} other {、失敗 #}}',
  'cli.progress.skipped': 'スキップ',
  'cli.progress.waiting':
    '待機中：{reason} Ctrl+C でここで止めると、すべてのジョブが次回のために残ります。',
  'cli.progress.resumed': '再開：ディスクに空きができました。',
  'cli.follow.otherOut':
    '{holder} がこのデータフォルダーを使用中で、結果を {out} ではなく {theirs} に書き出します。--out を付けずに実行するか、アプリを終了してからもう一度実行してください。',
  'cli.follow.defaultFolders': '既定のフォルダー',
  'cli.follow.handedOver':
    '{holder} がこのデータフォルダーを使用中です。ジョブはそちらで実行され、進行状況はここに表示されます。Ctrl+C で追跡をやめても、アプリは処理を続けます。',
  'cli.jobs.count': '{state} {count}',
  'cli.jobs.none': 'なし',
  'cli.jobs.images': '画像：{list}',
  'cli.jobs.rounds': '動画の試行：{list}',
  'cli.jobs.clips': 'クリップ：{list}',
  'cli.remove.clipInWindow':
    'クリップはウィンドウ（画像画面の「動画」）で除去します。そこでは WebCodecs が復号できますが、コマンドラインではできません。',
  'cli.balance.line': '{service}：{quota}（{host} による）',
  'cli.balance.failed': '{service}：{problem}',
  'cli.balance.unknown': '不明',

  // コマンドライン: 透かしの除去。
  'cli.remove.noInputs': '画像またはフォルダーを 1 つ以上指定してください。',
  'cli.remove.noMaskFile': 'マスクファイル {file} がありません。',
  'cli.remove.masksWritten': 'マスクを書き出しました：{files}。',
  'cli.remove.noMasksWritten': 'マスクを書き出しました：なし（透かしが見つかりません）。',
  // 有料のマスク：画像のどれだけを覆うか。一定を超えると確認します。
  'masks.share':
    '{count, plural, =1 {マスクは画像の {largest} を覆っています。} other {{same, select, yes {マスクはそれぞれ画像の {largest} を覆っています。} other {マスクは画像の {smallest}〜{largest} を覆っています。}}}}',
  'masks.largeShare':
    '{count, plural, other {# 枚の画像のマスクが画像の {limit} を超えています（最大 {largest}）。サービスはマスク全体を描き直します。1 枚につき 1 クレジットです。}}',
  'cli.masks.large.usage':
    '  --allow-large-mask  画像の {limit} を超えるマスクも確認せずに送信する\n                      （端末では確認します。端末外では何も送信せず終了コード 2）',
  'cli.remove.askLargeMasks': 'このマスクのまま送信しますか？',
  'cli.remove.sayLargeMasks':
    '何も送信していません。マスクを確認するか（--dry-run で一覧、--save-masks で書き出し）、このまま送るには --allow-large-mask を付けてください。',
  'cli.remove.largeMasksRefused':
    '何も送信していません。小さいマスクを指定するか（--mask-rect または --mask）、ウィンドウで手動でマークしてください。',
  'images.largeMasks.label': '大きなマスク',
  'images.largeMasks.ask':
    '{count, plural, other {このまま送信しますか、それとも先に手動でマークしますか？}}',
  'images.largeMasks.send': 'このまま送信',
  'images.largeMasks.byHand': '手動でマーク',

  'cli.remove.dryRun':
    'ドライラン：{count, plural, other {# 枚の画像}}を確認しました。何も送信せず、支払いもしていません。',
  'cli.remove.cleaning': '除去中',
  'cli.remove.payingAgain':
    '--force：{count, plural, other {# 個のファイル}}を改めて有料で送信します。合計 {credits}（一度も送信していないファイルを含む）。',
  'cli.remove.retryInApp':
    'アプリがこのデータフォルダーを使用中のため、以前試したファイルの再試行はアプリで行います。ウィンドウの「もう一度確認」か「再送信（有料）」を使うか、アプリを終了してからこのコマンドをもう一度実行してください。',
  'cli.remove.itIs': '状態：{state}。',
  'cli.remove.summary':
    '完了 {done}、失敗 {failed}{attention, plural, =0 {} other {、判断が必要 #（サービスが既に受け取っている可能性があります）}}{skipped, plural, =0 {} other {、対象外 #（理由とともに上に表示しています）}}。',
  'cli.plan.drawnMask': '描いたマスク',
  'cli.plan.unreadableMask': 'Clearframe が読み戻せないマスク（ジョブの記録が破損しています）',
  'cli.plan.noMask': 'マスクなし（サービスが選ぶ角）',
  'cli.plan.alreadyCleaned':
    '{file}：{used} で除去済みのため、{asked} は使いませんでした。{asked} で改めて除去する（有料、{credits}）には --force を付けてください。',
  'cli.plan.forceDamaged':
    'コマンドラインでは --force で新しいジョブとして追加し直せます（{credits}）。',
  'cli.plan.retryFree':
    '--retry を付けて再実行するとサービスに無料で問い合わせ直します。--force を付けると改めて有料で送信します（{credits}）。',
  'cli.plan.forceAgain':
    '--force で再送信します（{credits}。二重の支払いになる可能性があります）。',
  'cli.plan.retryLater':
    '原因を解決したら --retry を付けて再実行してください（サービスが受け付けた場合 {credits}）。',
  'cli.engine.unknown': '--engine には service か local を指定してください。',
  'cli.engine.needsAutoMask':
    '--engine local はバッチ全体で測った透かしの合成を元に戻します。--auto-mask を付けてください（同じ透かしのある同じサイズの画像が 3 枚以上必要です）。',
  'cli.engine.notLocal':
    'このバッチではこの画像の透かしを測れなかったため（同じ透かしのある同じサイズの画像が 3 枚以上必要です）、除去していません。--engine service で送るか、手で印を付けてください。',
  'cli.engine.groupLocal':
    'グループ {number}（透かしのある画像 {count, plural, other {# 枚}}）：このコンピューターで無料で処理します。何も送信しません。',
  'cli.engine.groupLeftOut':
    'グループ {number}（画像 {count, plural, other {# 枚}}）：除去しません。{reason}',
  'cli.engine.groupService':
    'グループ {number}（画像 {count, plural, other {# 枚}}）：サービスで処理、{credits}。',

  // コマンドライン: 動画プロジェクトと試行。
  'cli.video.costUpTo':
    '最大 {cost}（自動モード：長さはモデルが決めます。{seconds} 秒 × {rate} USD/秒 が上限です）',
  'cli.video.costAbout': '約 {cost}（{seconds} 秒 × {rate} USD/秒）',
  'cli.video.upTo': '最大 {cost}',
  'cli.video.about': '約 {cost}',
  'cli.video.nameProject': '新しいプロジェクトに名前を付けてください。',
  'cli.video.created': 'プロジェクト「{name}」：{projectId}\nショット 1：{shotId}',
  'cli.video.needsPrompt': '--prompt は必須です。試行で何を映すかを書いてください。',
  'cli.video.wholeSeconds': '--duration には 8 のような整数の秒数を指定してください。',
  'cli.video.noRound': '試行 {id} はありません。',
  'cli.video.nameTarget': '試行を追加するプロジェクトまたはショットを指定してください。',
  'cli.video.noTarget':
    'プロジェクトまたはショット {id} はありません。「clearframe video status」で一覧を表示できます。',
  'cli.video.queuedRound': '試行 {position} をキューに入れました：{roundId}\n費用：{cost}',
  'cli.video.overCap':
    '注意：キューにあるものはこれまでの支出と合わせて {planned} になり、予算上限 {cap} を超えます。上限を超える試行は支払い前に止まります。',
  'cli.video.overMonthlyCap':
    '注意：キューにあるものは {month} の支出と合わせて {planned} になり、月の予算上限 {cap} を超えます。上限を超える試行は支払い前に止まります。',
  'cli.video.round': '試行 {position} {state} {money}',
  'cli.video.charged': '課金 {cost}',
  'cli.video.estimated': '見積もり {cost}',
  'cli.video.demoCost': '{cost} 相当（デモ、課金なし）',
  'cli.video.rendering': '生成中',
  'cli.video.ran':
    '{total} 件中 {done} 件の試行が完了、課金 {charged}。{refused, plural, =0 {} other {# 件は予算上限または残高で止まりました。}}',
  'cli.video.ranDemo':
    '{total} 件中 {done} 件の試行が完了。{charged} 相当ですが、内蔵シミュレーターが作成したため課金はありません。{refused, plural, =0 {} other {# 件は予算上限または残高で止まりました。}}',
  'cli.video.noProject':
    'プロジェクト {id} はありません。「clearframe video status」で一覧を表示できます。',
  'cli.video.project': '{name}  ({id})',
  'cli.video.shot': 'ショット {position}  ({id})',
  'cli.video.shotTitled': 'ショット {position}「{title}」  ({id})',
  'cli.video.spending': '支出 {spent}、処理中 {inFlight}、キュー {queued}（すべて実行した場合）。',
  'cli.video.nameFile': '取り込む CSV または JSON ファイルを指定してください。',
  'cli.video.sayWhere': "試行の追加先を指定してください：--project '<'ID> または --new '<'名前>。",
  'cli.video.importTotal': '試行 {count, plural, other {# 件}}、{total}。',
  'cli.video.cannotAsk':
    'clearframe video import: 何もキューに入れていません。標準入力が端末ではないため確認できません。表示した費用でこれらの試行をキューに入れるには --yes を付けてください。',
  'cli.video.askQueue': '試行 {count, plural, other {# 件}}を {total} でキューに入れますか？',
  'cli.video.nothingQueued': '何もキューに入れていません。',
  'cli.video.queuedImport':
    'プロジェクト {projectId} に試行 {count, plural, other {# 件}}をキューに入れました。「clearframe video run」で作成します。',
  'cli.video.unknownSub': '不明なサブコマンド「{name}」です。',
  'cli.video.nameSub': 'サブコマンドを指定してください。',
  'cli.session.demo':
    'デモモード：内蔵シミュレーターを使います。本物のサービスには何も送信しません。',
  'cli.session.simulator': '内蔵シミュレーター（デモモード）',
  'cli.session.unsaidService': '不明なサービス',
  'cli.session.busy':
    '{holder} が既にデータフォルダー {folder} で作業しています。終わるまで待ち（Ctrl+C で止めることもできます）、その後もう一度実行してください。',
  'cli.session.otherService':
    '{holder} がデータフォルダー {folder} を使用中で、{service}のリクエストを {theirs} に送っています。このコマンドは {ours} を使うため、これらのジョブを引き継げません。アプリを終了してからもう一度実行するか、両方が同じサービスを使うようにしてください（アプリがデモモードの間は --demo を付けます）。',
  'cli.session.otherServiceDemo':
    '{holder} がデータフォルダー {folder} を使用中で、{service}のリクエストを {theirs} に送っています。このコマンドは {ours} を使うため、これらのジョブを引き継げません。アプリを終了してからもう一度実行するか、両方が同じサービスを使うようにしてください（--demo を付けずに）。',
  'cli.session.noWatermarkKey':
    '透かしの API トークンが設定されていません。「clearframe key set watermark」を実行する（または {variable} を設定する）か、--demo を付けて内蔵シミュレーターを使ってください。',
  'cli.session.noVideoKey':
    '動画の API キーが設定されていません。「clearframe key set video」を実行する（または {variable} を設定する）か、--demo を付けて内蔵シミュレーターを使ってください。',
  'cli.key.usage':
    '使い方: clearframe key set|test|clear watermark|video\n  set はキーを標準入力から読み取ります（端末では入力内容を表示しません）。シェルの履歴や\n  プロセスの一覧にキーが残ることはありません。',
  'cli.key.noDemo': '内蔵シミュレーターにキーは不要です。--demo を外してください。',
  'cli.key.removed':
    '{kind, select, watermark {透かし API トークン} other {動画 API キー}}をシステムのキーチェーンから削除しました。',
  'cli.key.noneStored':
    '{kind, select, watermark {透かし API トークン} other {動画 API キー}}は保存されていませんでした。',
  'cli.key.paste':
    '{kind, select, watermark {透かし API トークン} other {動画 API キー}}を貼り付けて Enter キーを押してください（表示されません）：',
  'cli.key.notSet':
    '{kind, select, watermark {透かし API トークン} other {動画 API キー}}が設定されていません。「clearframe key set {kind}」を実行してください。',
  'cli.spending.head': '動画の支出、{projects}、{months}（月はこのコンピューターのタイムゾーン）：',
  // ── The agent door (clearframe mcp) and its allowance.
  'cli.summary.mcp': 'MCP（stdio）で AI エージェントに応じます（1 日の許容額の範囲内）',
  'cli.mcp.usage':
    '使い方：clearframe mcp [--credits-per-day=N] [--usd-per-day=X] [--demo] [--data-dir=DIR]\n  AI エージェント（Claude Desktop、Claude Code など）向けの、標準入出力で動く MCP サーバーです：透かしを見つける、画像をきれいにする、動画の試行を見積もってキューに入れる、ジョブと支出を見る。\n  有料のツールは、設定（エージェントの 1 日の許容額）またはこのサーバーのこれらのオプションで決めた 1 日の許容額の範囲にとどまります。許容額がなければ、有料のものは何も送信しません。',
  'cli.mcp.badCredits': '{option} には 0 以上の整数のクレジット数を指定してください。',
  'cli.mcp.badUsd': '{option} には 0 以上の USD の金額を指定してください。',
  'mcp.refused.credits':
    'これには最大 {cost} かかりますが、エージェントの許容額は今日 {allowance} のうち {left} しか残っていません：何も送信していません。許可するには、設定の「エージェントの 1 日の許容額」を上げるか、--credits-per-day を付けてサーバーを起動してください。',
  'mcp.refused.usd':
    'この試行には最大 {cost} かかりますが、エージェントの許容額は今日 {allowance} のうち {left} しか残っていません：何も送信していません。許可するには、設定の「エージェントの 1 日の許容額」を上げるか、--usd-per-day を付けてサーバーを起動してください。',
  'mcp.asked.no':
    'Clearframe のウィンドウで「いいえ」と答えられました：何も送信していません。もう一度呼び出す前に確認するか、設定の「エージェントの 1 日の許容額」を上げてもらってください。',
  'mcp.asked.noAnswer':
    'Clearframe のウィンドウで {seconds, plural, other {#}} 秒以内に誰も答えませんでした：何も送信していません。許可できる人がいるときにもう一度呼び出すか、設定の「エージェントの 1 日の許容額」を上げてもらってください。',
  'mcp.ledgerDamaged':
    'エージェントの許容額のファイル {file} を読み取れないため、有料のものは何も送信しません。確認するか削除してください：削除すると今日の集計はゼロからやり直しになります。',
  'mcp.round.needsProject':
    'プロジェクトを指定してください：その ID（project）か新しいプロジェクトの名前（project_name）です。何も送信していません。',
  'mcp.round.needsLength':
    '試行の長さを秒で指定してください：長さが決まっていないと、許容額で抑えられる価格がありません。何も送信していません。',
  'mcp.round.lost':
    'この呼び出しは以前に始まっていて、試行をキューに入れた可能性があります：新しい意図でもう一度呼び出す前に、試行を確認してください（clearframe video status）。今回は何も送信していません。',
  'mcp.round.waits':
    '試行はキューに入りましたが、エージェントが入れていない {count, plural, other {# 件の試行}}の後ろです：それらはすべてアプリか「clearframe video run」が送信し、エージェントは送信しません。',
  'settings.agentAllowance.credits': 'エージェントの 1 日の許容額（透かしのクレジット）',
  'settings.agentAllowance.usd': 'エージェントの 1 日の許容額（動画、USD）',
  'settings.agentAllowance.hint':
    '「clearframe mcp」で接続した AI エージェントが 1 日に使ってよい額です。0 なら何も使いません。',
  // ── end of the agent door.
  // ── The agent's question in the window.
  'agentAsk.label': 'AI エージェントからの質問',
  'agentAsk.who': '{agent} が、エージェントの今日の許容額を超えて使うことを求めています。',
  'agentAsk.whoUnnamed':
    'AI エージェントが、エージェントの今日の許容額を超えて使うことを求めています。',
  'agentAsk.position': '{count} 件中 {index} 件目',
  'agentAsk.clean':
    '{images, plural, other {# 枚の画像}}を透かしのサービスに送信します（最大 {cost}）。よろしいですか？',
  'agentAsk.round':
    '{seconds} 秒の動画の試行をキューに入れて送信します（約 {cost}）。よろしいですか？',
  'agentAsk.places': '画像の場所：{places}',
  'agentAsk.morePlaces': '{places} ほか {more} 件',
  'agentAsk.prompt': 'プロンプト：{prompt}',
  'agentAsk.hint': '「はい」の前には何も送信されません。「いいえ」なら呼び出しを断ります。',
  'agentAsk.yes': 'はい、送信',
  'agentAsk.no': 'いいえ',
  'agentAsk.gone': 'エージェントは待つのをやめていました：何も送信されていません。',
  // ── end of the agent's question.
  'cli.summary.open': '開いている Clearframe のウィンドウにファイルやフォルダーを追加します',
  'cli.open.usage':
    '使い方: clearframe open パス... [--data-dir=フォルダー]\n  画像とフォルダーを、実行中の Clearframe のウィンドウにドロップしたのと同じように追加します。',
  'cli.open.nothing': '開くファイルかフォルダーを1つ以上指定してください。',
  'cli.open.missing': '{path} は存在しないため、除外しました。',
  'cli.open.notRunning':
    'Clearframe はデータフォルダー {folder} で開かれていません。Clearframe を起動してからもう一度実行するか、「clearframe remove」でここからファイルを処理してください。',
  'cli.open.commandHolds':
    'データフォルダー {folder} を使っているのは Clearframe アプリではなく {holder} です。それが終わってから Clearframe を起動し、もう一度実行してください。',
  'cli.open.noAnswer':
    '{holder} から応答がありません。ファイルをそのウィンドウにドロップするか、Clearframe を再起動してもう一度実行してください。',
  'cli.open.sent': '{count, plural, other {# 件を Clearframe のウィンドウに渡しました。}}',
  'cli.spending.everyProject': 'すべてのプロジェクト',
  'cli.spending.project': 'プロジェクト {id}',
  'cli.spending.everyMonth': 'すべての月',
  'cli.spending.line': '{when}  {project}、ショット {shot} 試行 {round}{prompt}  {cost}  {status}',
  'cli.spending.length': '{seconds} 秒 × {rate} USD/秒 = {cost}',
  'cli.spending.removed': '{project}（リストから除外）',
  'cli.spending.demo': 'デモ：費用相当、課金なし',
  'cli.spending.charged': '課金済み',
  'cli.spending.estimated': '見積もり：サービスからの連絡なし',
  'cli.spending.inFlight': '送信済み・未完了：見積もり',
  'cli.spending.nothing': 'サービスには何も送信していません。',
  'cli.spending.byMonth': '月別：',
  'cli.spending.byProject': 'プロジェクト別：',
  'cli.spending.row': '{name}：{sum}',
  'cli.spending.sum': '支出 {spent}、送信済みで未完了の試行 {inFlight}',
  'cli.spending.sumWithDemo':
    '支出 {spent}、送信済みで未完了の試行 {inFlight}、デモの試行の費用相当 {demo}',
  'cli.spending.total': '合計：{sum}。',
  'cli.spending.saved': '{count, plural, other {# 件の課金}}を {path} に保存しました',
  'cli.spending.savedWithDemo':
    '{count, plural, other {# 件の課金}}と、課金されていない{demo, plural, other {# 件のデモ試行}}を {path} に保存しました',
  'cli.spending.badMonth': '--month {month} は月ではありません。{hint}',
  'cli.spending.noProject':
    '{problem}「clearframe video status」でプロジェクトと ID の一覧を表示できます。',
  'cli.masks.anchorValues': '--mask-anchor には {anchors} のいずれかを指定してください。',
  'cli.masks.rectForm':
    '{option} には画像のピクセル単位で x,y,幅,高さ を 1200,900,400,120 のように指定してください。',
  'cli.masks.pixels':
    '--mask-grow と --mask-shrink には 1 から 1000 までの整数のピクセル数を指定してください。',
  'cli.masks.notBoth': '--mask と {other} は、どちらか一方だけを指定してください。',
  'cli.masks.anchorAlone':
    '--mask-anchor は --mask-rect または --mask-clear-outside を測る基準です。どちらかも指定してください。',
  'cli.masks.saveNeedsAuto':
    '--save-masks は --auto-mask が見つけたマスクを書き出します。--auto-mask を付けてください。',
  'cli.masks.toolsAlone':
    'マスクツールはマスクを変更するものです。--mask-rect、--mask、--auto-mask のいずれかも指定してください。',
  'cli.masks.outside':
    '{file} は {size} で、{rect} がその外にはみ出すため、何も送信していません。すべての画像に収まる長方形を指定するか、--mask-anchor で透かしに近い角から測ってください。',
  'cli.masks.outsideNeeds':
    '{file} は {size} で、{rect} がその外にはみ出すため（少なくとも {needed} が必要です）、何も送信していません。すべての画像に収まる長方形を指定するか、--mask-anchor で透かしに近い角から測ってください。',
  'cli.masks.ofSize': '{sizes} の画像 {count, plural, other {# 枚}}',
  'cli.masks.ofSizes':
    '{sizeCount} 種類のサイズの画像 {count, plural, other {# 枚}}（{corner} の角から測定）',
  'cli.masks.none': '{where}に共通の透かしは見つかりませんでした。マスクなしで送信します。',
  'cli.masks.box': '{x},{y} の {size}',
  'cli.masks.found':
    '{where}のうち {present} 枚で透かしが見つかりました：{boxes}（マスクは画像の {share} を覆います）。',
  'cli.masks.score': '{file}（スコア {score}）',
  'cli.masks.notOn': '{files} にはありません。マスクなしで送信します。',
  'cli.masks.tooFew':
    '{files}：{reason} --mask-rect を付けると{count, plural, other {この # 枚}}にはその長方形を使い、付けなければマスクなしになります。',
  'cli.masks.empty':
    '{file}：マスクツールでマスクが空になるため、何も送信していません。縮める量を減らすか、もっと大きな長方形の外を消してください。',
  'cli.masks.refused':
    '{where}に共通の透かしはありません。目立つ部分は各画像の {share} を覆うため使いません。マスクなしで送信します（--mask か --mask-rect でマスクを指定できます）。',
  'cli.masks.unsure':
    '{file}：{reason} 除外します。この画像については何も送信しません（--mask か --mask-rect でマスクを指定してください）。',
  'cli.masks.sayWhole':
    '{problem} どちらの意味かを指定してください。各画像全体を塗り直すなら --mask-whole を付け、そうでなければ --mask を外すと、サービスが自分で透かしを探します。',
  'cli.masks.askWhole': '{problem} これで各画像全体を塗り直しますか？',
  'cli.masks.wholeRefused':
    '何も送信していません。--mask を外すとサービスが自分で透かしを探します。または透かしだけを示すマスクを指定してください。',
  'cli.masks.wholeNeedsMask':
    '--mask-whole は --mask ファイルの意味を指定するものです。--mask も指定してください。',
  'main.menu.checkForUpdates': 'アップデートを確認…',
  'main.menu.file': 'ファイル',
  'main.menu.openLogs': 'ログフォルダーを開く',
  'main.menu.help': 'Clearframe ヘルプ',
  'main.dialog.exportTakes': 'プロジェクトのテイクを書き出す',
  'main.dialog.spendingCsv': '支出の CSV の保存先',
  'main.dialog.importMask': 'マスクを読み込む',
  'main.dialog.chooseFolders': '画像のフォルダーを選ぶ',
  'main.dialog.images': '画像',
  'main.dialog.referenceImage': '参照にする画像を選択',
  'main.dialog.exportMask': 'マスクを書き出す',
  'main.dialog.saveFilm': 'フィルムの保存先',
  'main.notice.batchFinished': 'バッチが完了しました。',
  'main.updates.latest': 'Clearframe {version} は最新バージョンです。',
  'main.updates.title': 'アップデートがあります',
  'main.updates.available': 'Clearframe {version} が利用できます（現在は {current}）。',
  'main.updates.availableShort': 'Clearframe {version} が利用できます。',
  'main.updates.install': 'インストールして再起動',
  'main.updates.later': '後で',
  'main.updates.failed':
    'アップデートを確認できませんでした。接続を確認して、後でもう一度お試しください。',
  'main.updates.offDevelopment': '開発版ではアップデートはオフです。',
  'main.updates.offDemo': 'デモモードではアップデートはオフです。キーを追加するとオンになります。',
  'main.updates.offSetting': 'アップデートは設定でオフになっています。',
  'main.updates.noNotes': 'リリースノートはありません。',
  'cli.simulator.usage':
    '使い方: clearframe simulator [--port N]\n  Ctrl+C まで、サービスのローカルの代替を動かします（--port の指定がなければ空いているポートで）。',
  'cli.simulator.badPort':
    'clearframe simulator: --port には 0 から 65535 までの整数を指定してください。',
  'cli.simulator.watermark': '透かし API のベース URL',
  'cli.simulator.video': '動画 API のベース URL',
  'cli.simulator.key': 'デモ用キー',
  'cli.simulator.requestLog': 'リクエストの記録',
  'cli.simulator.stop': 'Ctrl+C で停止します。',
  'main.startFailure.title': 'Clearframe を起動できませんでした',
  'main.startFailure.bodyNoLog':
    '{what}\n\nデータフォルダーにも一時フォルダーにもログを書けませんでした。\nClearframe をもう一度起動してください。同じように失敗する場合は、このメッセージを報告に貼り付けてください。',
  'main.startFailure.body':
    '{what}\n\n詳しくはログにあります：{logFile}\nもう一度 Clearframe を起動してください。同じように失敗する場合は、そのファイルを報告に添えて送ってください。',
  // ── end of Command line and main process.

  // ── Engine, jobs and clients: keys of their sentences go below this line.
  'core.api.parameter':
    'サービスがリクエストを拒否しました：{reason}。入力を変更して、もう一度お試しください。',
  'core.api.method':
    'Clearframe の呼び出し方がサービスに拒否されました。診断情報を添えて報告してください。',
  'core.api.authentication':
    'サービスが API キーを受け付けませんでした。設定でキーを確認するか、置き換えてください。',
  'core.api.videoBalance':
    '動画 API の残高がこのリクエストには足りません。アカウントで残高をチャージしてから、もう一度お試しください。',
  'core.api.watermarkCredits':
    '透かし用のクレジットが足りません。アカウントでクレジットを購入してから、もう一度お試しください。',
  'core.api.rateLimited':
    'サービスが混み合っており、Clearframe に速度を落とすよう求めました。自動で再試行します。',
  'core.api.server': 'サービス内部で問題が起きました。数分後にもう一度お試しください。',
  'core.api.network':
    'Clearframe はサービスに接続できませんでした。インターネット接続を確認してください。',
  'core.api.timeout':
    'サービスが時間内に応答しませんでした。しばらくしてからもう一度お試しください。',
  'core.api.aborted': '停止しました。',
  'core.api.unexpected':
    'サービスから Clearframe が理解できない応答が届きました。しばらくしてからもう一度お試しください。',
  'core.api.download':
    '結果をダウンロードできませんでした：{reason}。「もう一度確認」でサービスに新しいリンクを求めてください（無料）。再送信はされません。',
  'core.api.proxyUnusableSystem':
    'システムのプロキシ設定は {host} への接続を {named} 経由にしていますが、Clearframe はこれを使えません。Clearframe が使えるのは HTTP と HTTPS のプロキシだけです。システムのプロキシ設定に追加するか、HTTPS_PROXY に設定して（http://host:port）、もう一度お試しください。',
  'core.api.proxySocks': 'SOCKS プロキシ（{address}）',
  'core.api.proxyUnknownKind': '種類のわからないプロキシ（「{entry}」）',
  'core.api.proxyNotAddress':
    '{variable} はプロキシのアドレスではありません。Clearframe が使えるのは HTTP と HTTPS のプロキシだけです。システムのプロキシ設定に追加するか、HTTPS_PROXY に設定して（http://host:port）、Clearframe を起動し直してください。',
  'core.api.proxyUnusableVariable':
    '{variable} は{scheme, select, socks {SOCKS プロキシ} other {{scheme} のアドレス}}（{host}）を指していますが、Clearframe はこれを使えません。Clearframe が使えるのは HTTP と HTTPS のプロキシだけです。システムのプロキシ設定に追加するか、HTTPS_PROXY に設定して（http://host:port）、Clearframe を起動し直してください。',
  'core.api.proxyCredentials':
    'プロキシがユーザー名とパスワードを求めています。HTTPS_PROXY またはシステムのプロキシ設定で、プロキシのアドレスに含めて（http://user:password@host:port）、もう一度お試しください。',
  'core.api.proxyRefused':
    'プロキシがサービスへの接続を開きませんでした（HTTP {status} を返しました）。プロキシの設定を確認するか、プロキシの管理者にサービスのアドレスを許可するよう依頼してください。',
  'core.api.deadline': 'タスクが {minutes} 分以内に終わりませんでした',
  'core.jobs.stoppedWaiting':
    'Clearframe は待つのをやめました：{reason}。タスクはまだサービスにあります。後で「もう一度確認」で問い合わせてください（無料）。「再送信」はもう一度課金されます。',
  'core.jobs.unknownStatus':
    '待つのをやめるまで、サービスは Clearframe の知らない状態（「{status}」）を返し続けました。タスクはまだサービスにあります。後で「もう一度確認」で問い合わせてください（無料）。「再送信」はもう一度課金されます。',
  'core.jobs.linkGone':
    '{what, select, clip {クリップ} other {結果}}のリンクが使えなくなり、問い合わせ直してもサービスは新しいリンクなしで「{status}」と答えました。後で「もう一度確認」をお使いください（無料）。「再送信」はもう一度課金されます。',
  'core.import.cannotRead':
    'Clearframe は {name} を読み込めません：{why, select, missing {そのファイルはありません} folder {フォルダーです} denied {開く権限がありません} other {読み取れません}}。名前と、ファイルを開く権限を確認してから、もう一度読み込んでください。',
  'core.import.notText':
    '{name} はテキストファイルではありません。試行を CSV（表計算ソフトで「ファイル」→「名前を付けて保存」→ CSV）か JSON で保存し、そのファイルを読み込んでください。',
  'core.import.columnList': '{first}、{last}',
  'core.import.empty':
    '{name} には試行がありません。1 つの試行に 1 行を使い、列の名前を書いた見出し行（{columns}）を付けるか、試行の JSON リストにしてください。',
  'core.import.badCsv':
    '{name} は Clearframe が読める CSV ファイルではありません{line, select, none {} other {（{line} 行目）}}：{detail}。各行には見出しと同じ数の欄が必要で、カンマや改行を含む欄は二重引用符で囲みます。',
  'core.import.unknownColumn':
    '{name} に Clearframe が読まない列があります：{found}。列は {columns} です。その列の名前を変えるか、削除してください。',
  'core.import.noPrompt':
    '{name} に「prompt」列がありません。最初の行で列の名前を書きます（{columns}）。どの試行にもプロンプトが必要です。',
  'core.import.badJson':
    '{name} は正しい JSON ではありません（{detail}）。修正するか、試行を CSV で保存してください。',
  'core.import.notList':
    '{name} には試行の JSON リストが必要です（例：[\'{\'"prompt": "港の上を飛ぶカモメ", "duration": 5\'}\']）。',
  'core.import.notCsvOrJson':
    '{name} は CSV でも JSON でもありません。試行は .csv ファイル（CSV で保存した表）か .json ファイルから読み込みます。',
  'core.import.rowLabel': '{line} 行目',
  'core.import.roundLabel': '試行 {index}（{line} 行目）',
  'core.import.shot':
    '{titled, select, true {ショット {position}「{title}」} other {ショット {position}}}{isNew, select, true {（新規）} other {}}',
  'core.import.refused':
    '{file} からは何もキューに入れていません：{rows, plural, other {# 件の試行}}がルールに反しています。{problems} ファイルを修正して、もう一度読み込んでください。',
  'core.import.projectGone': 'そのプロジェクトはもうありません。別のプロジェクトを選んでください。',
  'core.rounds.noShot': 'ショット {shot} はありません。',
  'core.rounds.noRound': '試行 {round} はありません。',
  'core.rounds.malformed': 'リクエストの形式が正しくありません（{detail}）。',
  'core.rounds.refused':
    'この試行はこのままでは送信できません。{problems} 料金はかかっていません。',
  'core.rounds.notFinished':
    'この試行はまだ終わっていません。クリップができてから延長してください。',
  'core.rounds.noLastFrame':
    'この試行は「最終フレームを返す」なしで作られたため、サービスには続きの起点となるフレームが残っていません。クリップから最終フレームを取るウィンドウで延長するか、次の試行を自分の画像から始めてください。',
  'core.rounds.needsAsset':
    'サービスは参照動画をアップロード済みアセット（asset://…）としてしか受け付けませんが、このクリップはダウンロードリンクで返されました。{clip} をプロバイダーのサイトのアカウントにアップロードし、その asset:// アドレスをここに入力してください。または、アップロード不要の「最後のフレームから延長」をお使いください。',
  'core.rounds.theClip': 'クリップ',
  'core.rounds.frameUnreadable':
    'クリップから取ったフレームは Clearframe が読める画像ではありません。クリップを一度再生してから、もう一度延長してください。',
  'core.rounds.frameSize':
    'クリップから取ったフレームは {frame}、クリップは {clip} です。もう一度延長してください。',
  'core.rounds.noProjectHere': 'このデータフォルダーにプロジェクト {project} はありません。',
  'core.rounds.nameProject': 'プロジェクトに名前を付けてください。',
  'core.rounds.gone':
    'その{kind, select, project {プロジェクト} shot {ショット} other {試行}}はもうありません。',
  'core.rounds.stillOpen':
    '{kind, select, project {{count, plural, other {このプロジェクトの試行 # 件が、まだ待機中、実行中、または判断待ちです。キャンセルするか終わるのを待ってから、プロジェクトを削除してください。}}} shot {{count, plural, other {このショットの試行 # 件が、まだ待機中、実行中、または判断待ちです。キャンセルするか終わるのを待ってから、ショットを削除してください。}}} other {{count, plural, other {この試行はまだ待機中、実行中、または判断待ちです。キャンセルするか終わるのを待ってから、削除してください。}}}}',
  'core.rounds.notThisShot': 'その試行はこのショットのものではありません。',
  'core.rounds.takeNeedsClip': 'ショットのテイクにできるのは、クリップのある終わった試行だけです。',
  'core.rounds.promptUnknown':
    '試行 {position} はサービスのタスク一覧から追加されたため、ここではプロンプトがわからず、Clearframe は代わりの内容に支払いません。試行エディターでプロンプトを書いてから（「プロンプトを書く…」で残りが埋まります）、キューに入れてください。',
  'core.rounds.roundGone': 'その試行はもうありません。',
  'core.rounds.taskInShot': 'そのタスクはすでにショットに入っています。',
  'core.watermark.maskFileGone':
    'マスクファイル {file} を読み込めません。まだあるか確認してから、もう一度お試しください。',
  'core.watermark.noMeasurement':
    '{name} は透かしの測定なしでこのコンピューター向けにキューに入れられました。透かしをもう一度検出するか、サービスに送信してください。',
  'core.jobs.roundUnknownOutcome':
    'この試行の送信中に接続が切れ、サービスの一覧にもこの試行と確実にわかるタスクがないため、課金されたかどうかわかりません。アカウントを確認してから、再送信するかキャンセルしてください。',
  'core.jobs.roundUnknownOutcomeDamaged':
    '送信が途中で切れたため、課金されたかどうかわかりません。リクエストが失われたので、サービス上のどのタスクがこれなのかも判別できません。アカウントを確認してから、試行を書き直してください（アプリの「プロンプトを書く…」）。',
  'core.jobs.imageUnknownOutcome':
    '接続が切れる前にサービスがこの画像を受け取り、すでにクレジットを使った可能性があります。それを承知のうえでのみ再送信してください。',
  'core.jobs.roundReported': 'サービスはこの試行を {status} と報告しました。',
  'core.jobs.noVideo': 'サービスは試行を終えましたが、動画を返しませんでした。',
  'core.clips.refused':
    '{reason, select, noVideo {{name} には映像トラックがありません。} noEncoder {このコンピューターでは {name} をこのサイズでエンコードできません（H.264 も VP9 も使えません）。} soundContainer {{name} の音声は WebM ファイルに入れられず、このコンピューターでは MP4 の H.264 を書き出せません。} noMark {{name} の全体を通して動かないマークが見つかりません。動くマークや、シーンごとに位置が変わるマークはクリップから除去できません。} markTooLarge {{name} で動かない部分が画面の広すぎる範囲を占めていて、ロゴとは考えられません（固定ショットか枠ではありませんか）。} markMoves {{name} のマークは、シーンによって位置が変わります。シーンの切り替わりでクリップを分け、それぞれを別々にドロップしてください。} tooFewFrames {{name} は短すぎるか動きが少なすぎて、マークを見つけられません。異なるフレームが 60 枚以上必要です。} pixelFormat {{name} のフレームは 8 ビット 4:2:0 ではありません。除去で読めるのはこの画素形式だけです。} other {{name} を除去できませんでした。}}',
  'core.clips.lost': '{name} の除去済みクリップが保存前に失われました。もう一度実行してください。',
  'core.clips.failed':
    '{name} の除去がウィンドウ内で止まりました（{detail}）。もう一度お試しください。除去済みの部分はそのまま残ります。また止まる場合は、プレーヤーでクリップを開き、最後まで再生できるか確認してください。',
  'core.clips.segmentsDamaged':
    '{name} の除去済み区間の記録が壊れていたため、壊れたファイルを保存せず、最初のフレームから除去し直しています。',
  'core.clips.stopped': 'クリップの除去を止めました。その名前では何も保存されていません。',
  'core.jobs.imageReported': 'サービスは {status} と報告しました。',
  'core.jobs.failedOnService': '{reason}「再送信」では新しい試みの料金がかかります。',
  'core.jobs.damagedRecord':
    'この{what, select, image {画像} other {試行}}に関する Clearframe の記録が壊れています：{problem}。{advice}',
  'core.jobs.damagedImageAdvice':
    'これ以上は何も送信されません。キャンセルしてから、画像をもう一度追加してください。',
  'core.jobs.damagedRequestAdvice':
    'このままでは送信されません。試行を書き直してください（アプリの「プロンプトを書く…」）。',
  'core.jobs.damagedClipsAdvice':
    '作られたクリップがあれば、保存された場所に残っています。続きを作るには、新しい試行を書いてください。',
  'core.jobs.storedNotJson': '{source} が正しい JSON ではありません（{detail}）',
  'core.jobs.storedWrongShape': '{source} に Clearframe が書く内容が入っていません（{detail}）',
  'core.jobs.storedUnexpected': '想定外の値',
  'core.jobs.databaseDamaged':
    'ジョブのデータベースが壊れています（{detail}）。Clearframe はこれを退避して空のキューで始められます。ディスク上の画像と結果には触れません。',
  'core.jobs.ownResult': 'これは Clearframe が書き出した結果です（元：{source}）。',
  'core.jobs.ownResultCopy': 'これは Clearframe が書き出した結果のコピーです（元：{source}）。',
  'core.jobs.alreadyCleaned': '同じマスクで除去済みのため（結果：{result}）、再送信しません。',
  'core.jobs.cleanedBefore':
    '以前に除去済み（{when}）：{result}。同じマスクでは、「再度除去」を選ばない限り再送信しません。',
  'core.jobs.roundPollingStopped':
    '状況の確認を止めました。サービスがこの試行を完了し、課金する可能性はあります。',
  'core.jobs.imagePollingStopped':
    '状況の確認を止めました。サービスがこの画像を処理し、クレジットを使う可能性はあります。',
  'core.fetch.plainHttp': '{host} への暗号化されていない http は取得せず、https のみ取得します',
  'core.fetch.scheme': 'ダウンロードするのは http と https のアドレスだけで、{scheme} は対象外です',
  'core.fetch.noLocation': 'サーバーは行き先を示さずに HTTP {status} を返しました',
  'core.fetch.tooManyRedirects': 'リンクが {max} 回を超えてリダイレクトされました',
  'core.fetch.badRedirect': 'リンクが無効なアドレスにリダイレクトされました',
  'core.fetch.downgrade':
    'リンクが https から暗号化されていない http（{host}）にリダイレクトされたため、たどりません',
  'core.fetch.redirectedElsewhere': 'リンクが別の場所にリダイレクトされました：{problem}',
  'core.fetch.notPlainName': '「{name}」は単純なファイル名ではありません',
  'core.fetch.outside': '「{name}」は {folder} の外に書き込まれてしまいます',
  'core.fetch.incomplete': '転送が完了しませんでした',
  'core.fetch.gone': '結果はもうサーバーにありません（HTTP {status}）',
  'core.fetch.expired': '結果のリンクは期限切れか、拒否されました（HTTP 403）',
  'core.fetch.serverAnswered': '結果のサーバーが HTTP {status} を返しました',
  'core.fetch.tooBig': '結果は {bytes} バイトで、上限の {max} バイトを超えています',
  'core.fetch.grewTooBig': '結果が上限の {max} バイトを超えました',
  'core.import.referencesList': '参照はアドレスのリストにしてください（例：["image=https://…"]）',
  'core.import.referenceType':
    '参照 {number} の種類を書いてください。アドレスの前に image=、video=、audio= のいずれかを付けます',
  'core.import.referenceOneAddress':
    '参照 {number} にはアドレスが 1 つ必要です。参照どうしは | で区切ってください',
  'core.import.referenceLocalFile':
    '参照 {number} はこのコンピューター上のファイル（{url}）ですが、サービスは参照をアドレスでしか受け付けません。プロバイダーのサイトのアカウントにアップロードして、その asset:// アドレスを書いてください（後ろに「from {url}」を付けると、ここで確認されます）',
  'core.import.referenceNotAddress':
    '参照 {number}（{url}）はアドレス（asset:// または https://）ではなく、そのようなファイルもありません',
  'core.import.referenceNoFile':
    '参照 {number} はファイル {file} を指していますが、そのファイルはありません。名前を直すか、「from …」を外してください',
  'core.import.referenceFileProblem': '参照 {number} のファイル {file}：{problem}',
  'core.import.referenceProblem': '参照 {number}：{problem}',
  'core.import.referenceUnreadable':
    '参照 {number} のファイル {file} を{type, select, video {動画} other {音声}}として読み込めませんでした。アップロード元のファイルを指定するか、「from …」を外してください',
  'core.import.durationWhole':
    '長さは {example} のような秒単位の整数にしてください。「{given}」は整数ではありません',
  'core.import.notObject':
    '各試行はプロンプトを持つオブジェクトにしてください（例：\'{\'"prompt": "港の上を飛ぶカモメ"\'}\'）',
  'core.import.unknownField':
    'フィールド「{field}」は Clearframe が読むものではありません（{columns}）',
  'core.import.unknownKind':
    '種類「{kind}」は Clearframe の知らないものです。{kinds} のいずれかを使ってください',
  // ── end of Engine, jobs and clients.

  // ── Engine, media, files, keys and settings: keys of their sentences go below this line.
  'core.intake.notAnImage':
    'このファイルは、名前に関係なく画像ではありません。JPEG、PNG、WebP、AVIF、HEIC、TIFF、GIF のいずれかのファイルを追加してください。',
  'core.intake.unsupported':
    '{type} 画像は受け付けていません。PNG または JPEG に変換して、もう一度追加してください。',
  'core.intake.gone':
    'ファイルが見つかりません。移動、名前の変更、または削除された可能性があります。現在の場所からもう一度追加してください。',
  'core.intake.unreadable':
    'ファイルを読み取れません（{why}）。Clearframe がこのファイルを開けることを確認してから、もう一度追加してください。',
  'core.intake.empty':
    'ファイルが空です。コピーが完了したことを確認してから、もう一度追加してください。',
  'core.intake.corrupt':
    '画像が破損しているか不完全なため、読み取れません。別のプログラムで開いて確認してから、もう一度追加してください。',
  'core.intake.noSize':
    '画像にサイズがありません。破損している可能性があります。別のコピーを追加してください。',
  'core.intake.tooManyPixels':
    '画像は {megapixels} メガピクセルで、上限の {limit} を超えています。設定で上限を上げるか、大きな画像を縮小する設定にしてください。',
  'core.probe.unreadable':
    'ファイルを読み取れません。ファイルが存在し、開く権限があることを確認してください。',
  'core.probe.damaged': '画像が破損しているか不完全なため、読み取れません。',
  'core.probe.cutShort':
    '画像が破損しているか途中で切れているため、すべてのピクセルを読み取れません。別のプログラムで開いて確認するか、もう一度コピーしてください。',
  'core.maskImport.unreadable':
    'マスクファイルを画像として読み取れません。PNG で書き出して、もう一度お試しください。',
  'core.maskImport.otherShape':
    'マスクは {mask}、画像は {image} で、縦横比が異なります。画像と同じサイズでマスクを書き出してください。',
  'core.maskImport.marksNothing':
    'マスクに何も塗られていません。消したい部分を黒地に白（または任意の色）で塗ってください。',
  'core.maskImport.mostlyMarked':
    'マスクが画像の {percent} % を覆っているため、大部分が描き直されます。反転していないか確認してください。',
  'core.maskImport.allWhite':
    'マスクは全体が白です。黒地に白のマスクとしては画像全体を示しますが、サービスのルール（白は何も示さない）では何も示しません。',
  'core.maskImport.allMarked':
    'マスクがすべてのピクセルを示しています。透かしだけでなく画像全体が塗り直されます。',
  'core.unblend.otherSize':
    '{file} は {size} ピクセルですが、透かしは {measured} の画像で測定されています。この画像をサービスに送るか、この画像を含めて透かしをもう一度検出してください。',
  'core.unblend.estimateMissing':
    '透かしの測定結果（{file}）がありません。透かしをもう一度検出するか、これらの画像をサービスに送ってください。',
  'core.unblend.estimateDamaged':
    '透かしの測定結果（{file}）が破損しています（{why}）。透かしをもう一度検出するか、これらの画像をサービスに送ってください。',
  // Watermark profiles (issue #39).
  'core.profiles.noFile':
    'ファイル {file} はありません。パスを確認するか、保存したプロファイルの名前を指定してください。',
  'core.profiles.unreadable':
    '{file} はこの Clearframe が読める透かしプロファイルではありません（破損、途中で切れている、または別のプログラムやバージョンで作成）。作成した Clearframe からもう一度書き出すか、透かしをもう一度検出して新しいプロファイルを保存してください。',
  'core.profiles.unknown':
    '「{name}」という透かしプロファイルも、そのファイルもありません。「透かしを検出」の後に保存するか、書き出したプロファイルのパスを指定してください。',
  'core.profiles.exists':
    '「{name}」という名前のプロファイルはすでにあります。別の名前にするか、先にそちらを削除してください。',
  'core.profiles.doesNotFit':
    'プロファイル「{name}」の印は {measured} の画像で測定したもので、この {size} の画像に収まりません。手で印を付けるか、同じサイズの画像の一括で透かしを検出してください。',
  'ipc.problem.profileName':
    'プロファイルには 1～80 文字の名前を付けてください（/ \\ : * ? " < > | は使えません）。',
  'cli.profile.usage':
    '  --profile name|file\n                      保存した透かしプロファイル（名前）または書き出したもの（ファイル）で、\n                      各画像の透かしをこのコンピューターで無料で除去します。印が収まらない\n                      画像は名前を示して除外します',
  'cli.profile.conflict':
    '--profile には専用のマスクと処理方法が含まれます。--auto-mask、--mask、--mask-rect、--engine service は指定しないでください。',
  'cli.profile.using':
    'プロファイル「{name}」：{size} の画像 {count, plural, other {# 枚}}で測定した印を、このコンピューターで無料で除去します。',
  'core.profiles.findAgain':
    '測定した透かしはもう保存されていません。透かしをもう一度検出してから、プロファイルを保存してください。',
  'cli.summary.watch':
    'フォルダーに追加された新しい画像を、透かしプロファイルで毎回透かしを除去します',
  'cli.watch.usage':
    '使い方：clearframe watch [フォルダー --profile=名前|ファイル [--recursive] [--engine=local|service --credits-per-day=N]] [--list] [--pause フォルダー] [--forget フォルダー] [--json] [--demo] [--data-dir=フォルダー]\n  フォルダーを監視フォルダー（データフォルダーに保存）に追加し、Ctrl+C まですべてを監視します。新しい画像は届き終わった時点でプロファイルを使って 1 回だけ透かしを除去し、結果は出力設定のとおりの場所に保存します。フォルダーを指定しない場合は、リストをそのまま再開します。透かしを除去した画像を再度処理することはありません。\n  --engine service では、プロファイルの透かしをマスクとして有料サービスに送信します。1 日あたり最大 --credits-per-day クレジットまでで、それを超えると通知して監視を止めます。',
  'cli.watch.noFolder':
    '{folder} はフォルダーではありません：監視するフォルダーを指定してください。',
  'cli.watch.noProfile':
    '透かしの除去に使う透かしプロファイルを指定してください：--profile 名前 または --profile ファイル。',
  'cli.watch.badEngine': '--engine には local か service を指定してください。',
  'cli.watch.needsLimit':
    '有料の監視には 1 日の上限が必要です：--credits-per-day N（1 日に使えるクレジットの最大数）を付けてください。',
  'cli.watch.oneFolder': 'フォルダーは 1 つずつ指定してください。',
  'cli.watch.notWatched':
    '{folder} は監視されていません。監視フォルダーは clearframe watch --list で確認できます。',
  'cli.watch.forgotten': '{folder} の監視をやめました。結果はそのまま残ります。',
  'cli.watch.paused':
    '{folder} の監視を一時停止しました。再開するには clearframe watch {folder} --profile 名前 を実行してください。',
  'cli.watch.none':
    '監視しているフォルダーはありません。追加するには：clearframe watch フォルダー --profile 名前',
  'cli.watch.line':
    '{folder}：プロファイル「{profile}」{recursive, select, yes {（サブフォルダーを含む）} other {}}、{engine, select, service {有料、今日は {limit} クレジット中 {spent} クレジット使用} other {このコンピューターで無料}}{paused, select, yes {（一時停止中）} other {}}',
  'cli.watch.appHolds':
    'Clearframe アプリがデータフォルダー {folder} を使用しています。アプリを閉じてから、clearframe watch をもう一度実行してください。',
  'cli.watch.skipped': '{file} は対象外です：{reason}',
  'cli.watch.watching':
    '{folder} を監視中：新しい画像はプロファイル「{profile}」を使って、このコンピューターで無料で透かしを除去します。止めるには Ctrl+C を押してください。',
  'cli.watch.watchingPaid':
    '{folder} を監視中：新しい画像はプロファイル「{profile}」でサービスに送信します。1 日あたり最大 {limit, plural, other {# クレジット}} です。止めるには Ctrl+C を押してください。',
  'cli.watch.notStarted': '今回は {folder} を監視しません：{problem}',
  'core.watch.listDamaged':
    '監視フォルダーのリスト（{file}）を読み込めません。このファイルを削除してから、clearframe watch でフォルダーを追加し直してください。',
  'core.watch.limitReached':
    '{folder} の監視を止めました：今日の上限 {limit, plural, other {# クレジット}} を使い切ったため、今日はこれ以上送信しません。{waiting, plural, other {# 枚の画像}}が待機中です。--credits-per-day で上限を上げるか、明日 clearframe watch をもう一度実行してください。',
  // Watched folders in the window (#39).
  'core.watch.limitReachedApp':
    '{folder} の監視を今日は止めました：今日の上限 {limit, plural, other {# クレジット}} を使い切ったため、今日はこれ以上送信しません。{waiting, plural, other {# 枚の画像}}が待機中です：明日その日の上限内で処理されます。上限を上げてフォルダーをもう一度追加すれば、すぐに処理されます。',
  'core.watch.noFolder':
    '{folder} はフォルダーではありません：監視するフォルダーをもう一度選んでください。',
  'core.watch.needsLimit':
    '有料の監視には 1 日の上限が必要です：1 日に使ってよいクレジットの上限を入力してください。',
  'core.watch.notWatched':
    '{folder} はもう監視されていません（その間に解除されました）：監視するにはもう一度追加してください。',
  'core.watch.notStarted': '現在は監視していません：{problem}',
  'core.watch.leftOut': '{name} は処理しません：{reason}',
  'core.watch.notReserved':
    '監視フォルダーの一覧がその間に変わったため（別のプロセスが今日の上限から支出したか、監視が変更されました）、{folder} の {count, plural, other {# 枚の画像}}のクレジットを確保できませんでした：それらについては何も送信しておらず、まもなくもう一度確認します。',
  'core.watch.stayedEmpty':
    '現れてから空（0 バイト）のままです：もう一度コピーするか、削除してください。',
  'watches.summary': '監視フォルダー：{count, plural, =0 {なし} other {# 件}}',
  'watches.empty':
    '監視中のフォルダーはありません。下で追加してください：そこに届き終えた新しい画像はそれぞれプロファイルで除去され、結果は出力設定のとおりに保存されます。',
  'watches.needProfile':
    'フォルダーを監視するには、まず透かしプロファイルを保存してください（上の「透かしプロファイル」）。',
  'watches.line':
    'プロファイル「{profile}」{recursive, select, yes {（サブフォルダーを含む）} other {}} · {engine, select, service {有料：今日は {limit} クレジット中 {spent} クレジット使用} other {このコンピューターで無料}}',
  'watches.watching': '監視中',
  'watches.paused': '一時停止中：新しい画像は処理しません',
  'watches.notRunning': '現在は監視していません：下の注記をご覧ください',
  'watches.pause': '一時停止',
  'watches.resume': '再開',
  'watches.forget': '監視を解除',
  'watches.recent': '{folder} から最後に処理したファイル',
  'watches.fileLine': '{name} — {status}',
  'watches.needsLook': '確認が必要：{why}',
  'watches.failedStatus': '{state}：{error}',
  'watches.addTitle': 'フォルダーを監視',
  'watches.folder': '監視するフォルダー',
  'watches.noFolderYet': 'フォルダーはまだ選ばれていません',
  'watches.chooseFolder': 'フォルダーを選ぶ…',
  'watches.profile': '除去に使うプロファイル',
  'watches.recursive': 'サブフォルダーも含める',
  'watches.engine': '処理する場所',
  'watches.engineLocal': 'このコンピューター — 無料',
  'watches.engineService': 'サービス — 有料、1 日の上限内',
  'watches.limit': '1 日の上限（クレジット）',
  'watches.cost':
    '画像 1 枚につき {cost, plural, other {# クレジット}}です。1 日に使ってよいクレジットの上限を入力してください：それを超えては送信しません。',
  'watches.costWithLimit':
    '画像 1 枚につき {cost, plural, other {# クレジット}}：1 日に最大 {limit, plural, other {# クレジット}}、つまり {images, plural, other {# 枚}}です。それを超えると翌日まで待ちます。',
  'watches.add': 'このフォルダーを監視',
  'main.dialog.profiles': '透かしプロファイル',
  'main.dialog.exportProfile': '透かしプロファイルを書き出す',
  'main.dialog.importProfile': '透かしプロファイルを読み込む',
  'profiles.summary':
    '透かしプロファイル：{count, plural, =0 {まだありません} other {# 件保存済み}}',
  'profiles.saveLabel': '測定した透かしをプロファイルとして保存',
  'profiles.namePlaceholder': '名前（例：スタジオのロゴ）',
  'profiles.save': '保存',
  'profiles.empty':
    'プロファイルはまだありません。「透かしを検出」がこのコンピューター用に印を測定したら、ここに保存してください。同じ印のある後の画像を、一括なしで無料で除去できます。',
  'profiles.line':
    '{size} · {count, plural, other {# 枚}}で測定 · {placement, select, topLeft {左上の角} topRight {右上の角} bottomLeft {左下の角} bottomRight {右下の角} other {このサイズのみ}}',
  'profiles.use': '待機中の画像に使う',
  'profiles.export': '書き出す…',
  'profiles.delete': '削除',
  'profiles.import': 'プロファイルを読み込む…',
  'profiles.used':
    '待機中の画像 {count, plural, other {# 枚}}にプロファイル「{name}」を使います。「開始」でこのコンピューター上で無料で透かしを除去します。',
  'profiles.leftOut': '{name}：{reason}',
  'profiles.saved': 'プロファイル「{name}」を保存しました。',
  'profiles.exported': '{path} に書き出しました。',
  'profiles.imported': 'プロファイル「{name}」を読み込みました。',
  'core.film.notVideo':
    '{label} のクリップを動画として読み取れませんでした。そのテイクを作り直すか、別のテイクを選んでください。',
  'core.film.clipGone':
    '{label} のクリップが {file} にありません。元の場所に戻すか、別のテイクを選んでください。',
  'core.film.changed': '{label} のクリップが結合中に変更されました。もう一度お試しください。',
  'core.film.nothing': '結合するものがありません。まずショットのテイクを作成してください。',
  'core.film.damagedSettings':
    '{clip} のクリップの H.264 設定が破損しています。そのテイクを作り直すか、別のテイクを選んでください。',
  'core.film.unknownCodec': '不明',
  'core.film.otherFormat':
    'これらのテイクは再エンコードなしでは結合できません。{clip} のクリップは {theirs}、{first} のクリップは {ours} です。同じ動画形式でテイクを作成するか、同じ形式のテイクを選んでください。',
  'core.film.otherSize':
    'これらのテイクは再エンコードなしでは結合できません。{clip} のクリップは {theirs}、{first} のクリップは {ours} です。同じ解像度（同じ比率と品質）でテイクを作成するか、同じ解像度のテイクを選んでください。',
  'core.film.otherTurn':
    'これらのテイクは再エンコードなしでは結合できません。{clip} のクリップは {theirs}°、{first} のクリップは {ours}° 回転しています。同じ向きのテイクを選んでください。',
  'core.film.otherColour':
    'これらのテイクは再エンコードなしでは結合できません。{clip} のクリップは {theirs}、{first} のクリップは {ours} です。同じ色設定でテイクを作成するか、同じ色設定のテイクを選んでください。',
  'core.film.colourRange': '{full, select, true {フルレンジの色} other {リミテッドレンジの色}}',
  'core.film.colourMatrix': '色マトリクス {value}',
  'core.film.colourPrimaries': '色域 {value}',
  'core.film.colourTransfer': '伝達特性 {value}',
  'core.film.otherRate':
    'これらのテイクは再エンコードなしでは結合できません。{clip} のクリップは毎秒 {theirs} フレーム、{first} のクリップは毎秒 {ours} フレームです。同じフレームレートでテイクを作成するか、同じフレームレートのテイクを選んでください。',
  'core.film.soundOnlyHere':
    'これらのテイクは再エンコードなしでは結合できません。{clip} のクリップには音声があり、{first} のクリップにはありません。すべてのテイクを音声ありか音声なしにそろえるか、そろったテイクを選んでください。',
  'core.film.soundOnlyThere':
    'これらのテイクは再エンコードなしでは結合できません。{clip} のクリップには音声がなく、{first} のクリップにはあります。すべてのテイクを音声ありか音声なしにそろえるか、そろったテイクを選んでください。',
  'core.film.soundEncoding':
    'これらのテイクは再エンコードなしでは結合できません。{clip} のクリップの音声は {first} のクリップと異なる設定でエンコードされています。同じ音声設定でテイクを作成するか、同じ音声設定のテイクを選んでください。',
  'core.film.otherSound':
    'これらのテイクは再エンコードなしでは結合できません。{clip} のクリップは {theirs}、{first} のクリップは {ours} です。同じ音声設定でテイクを作成するか、同じ音声設定のテイクを選んでください。',
  'core.film.sound': '{codec} 音声（{rate} Hz、{channels, plural, other {# チャンネル}}）',
  'core.files.diskFull':
    '{folder} があるディスクがいっぱいです。空き容量を増やすか別のフォルダーを選んでから、{again}。',
  'core.files.notWritable':
    'Clearframe は {folder} に書き込めません。別のフォルダーを選んでから、{again}。',
  'core.files.noFreeName': '{folder} に {what} の空いている名前が見つかりませんでした。',
  'core.keys.cannotSave': 'キーを保存できません：{why}',
  'core.lock.holderApp': 'Clearframe アプリ（PID {pid}、{since} から）',
  'core.lock.holderCommand': '「{command}」（PID {pid}、{since} から）',
  'core.settings.newer':
    '新しい Clearframe で保存されています（設定のバージョン {version}。この Clearframe が知っているのは {known}）',
  'core.settings.noMigration': 'この Clearframe は設定のバージョン {version} を読めません',
  'core.settings.setAside':
    '設定を読み取れなかったため（{why}）、既定値を使用しています。古いファイルは {aside} として保管しました。',
  'core.settings.leftInPlace':
    '設定を読み取れなかったため（{why}）、既定値を使用しています。ファイルは {file} にそのまま残してあります。読み取れるようにするか削除するまで、設定は保存できません。',
  'core.settings.keptInPlace':
    '{file} を読み取れず（{why}）、移動もできませんでした（{whyNotMoved}）',
  'core.settings.cannotSave':
    '設定を保存できません：{why}。ファイルを読み取れるようにするか別の場所へ移動してから、Clearframe を再起動してください。',
  'core.settings.folderNotWritable':
    '{folder} に設定を保存できません（{why}）。そのフォルダーに書き込めるようにしてから、もう一度設定を変更してください。',
  'core.probe.empty': 'ファイルが空です。',
  'core.film.otherEncoding':
    'これらのテイクは再エンコードなしでは結合できません。{clip} のクリップは {first} のクリップと異なる {theirs} 設定でエンコードされています。設定の異なるクリップをそのまま結合できるのは H.264 だけです。同じ設定でテイクを作成するか、そろったテイクを選んでください。',
  'core.keys.works':
    '{kind, select, watermark {透かし API トークン} other {動画 API キー}}は使用できます：{quota}（{host} より）。{saving, select, true {システムのキーチェーンに保存しました。} other {}}',
  'core.keys.refused':
    '{host} はこの{kind, select, watermark {透かし API トークン} other {動画 API キー}}を拒否しました{answered, select, yes {（サービスの応答：「{answer}」）} other {}}。{saving, select, true {保存していません。} other {}}プロバイダーのサイトのアカウントからキーをもう一度コピーしてください。',
  'core.keys.unchecked':
    '{kind, select, watermark {透かし API トークン} other {動画 API キー}}を確認できませんでした：{why}{saving, select, true {保存していません。} other {}}接続と、設定のサービスのアドレスを確認してから、もう一度お試しください。',
  'core.keys.acceptedLowBalance':
    '{host} は{kind, select, watermark {透かし API トークン} other {動画 API キー}}を受け付けましたが、残高が不足しています：{why}。{saving, select, true {システムのキーチェーンに保存しました。} other {}}',
  'core.keys.acceptedBalanceUnread':
    '{host} は{kind, select, watermark {透かし API トークン} other {動画 API キー}}を受け付けましたが、残高を読み取れませんでした（{why}）。アカウント画面で再度確認します。{saving, select, true {システムのキーチェーンに保存しました。} other {}}',
  'core.keys.unknownShape': '応答が Clearframe の知らない形式でした',
  'core.keys.answeredStatus': 'HTTP {status} が返されました',
  'core.keys.balance': '残高 {amount}',
  'core.keys.creditsLeft': '{limit} クレジット中 {remaining} クレジット残り',
  'core.keys.noKeychain':
    'システムのキーチェーンが応答しません。GNOME Keyring（パッケージ gnome-keyring）などの Secret Service をインストールしてロックを解除し、サインインし直すか、CLEARFRAME_WATERMARK_KEY と CLEARFRAME_VIDEO_KEY を設定してください。',
  'core.keys.keychainLocked':
    'システムのキーチェーンを使用できませんでした。ロックを解除してもう一度お試しいただくか、CLEARFRAME_WATERMARK_KEY と CLEARFRAME_VIDEO_KEY を設定してください。',
  'core.mask.marksNothing':
    'マスクに何も塗られていないため（塗った部分が画像の外にあるか、消されています）、何も送信していません。透かしを塗るか、マスクなしで画像を送ってください。',
  'core.inputs.svg':
    'SVG（ベクター図形）ですが、サービスはピクセル画像しか受け付けません。PNG で書き出して、それを追加してください。',
  'core.inputs.provenanceLog':
    'このフォルダーの結果について Clearframe が記録しているファイルです。',
  'core.inputs.unreadable': '読み取れません。開く権限があることを確認してください。',
  'core.inputs.noExtension': '拡張子がなく、中身も画像ではありません。',
  'core.inputs.notImage': '画像ファイルではありません。',
  'core.inputs.special': 'リンクまたは特殊なファイルで、画像ではありません。',
  'core.inputs.missing': '存在しません（移動または削除されましたか？）。',
  'core.inputs.neither': 'ファイルでもフォルダーでもありません。',
  'core.output.otherShape':
    'サービスは {image} の画像に対して {result} ピクセルの結果を返しました。縦横比が異なるため元の画像に重ねられません。結果はそのまま、元の画像のサイズに引き伸ばして保存します。',
  'core.automask.notLookedFor': '透かしを検出できませんでした',
  'core.files.diskFullWaiting':
    '{folder} があるディスクがいっぱいです。空き容量を増やしてください。待機中のジョブは空きができると自動で続行し、再送信や二重の支払いは発生しません。',
  'core.files.dataFolderReadOnly':
    'Clearframe はデータフォルダー {folder} に書き込めません（{why}）。フォルダーを書き込み可能にする（権限や、ディスクが読み取り専用でマウントされていないかを確認する）か、CLEARFRAME_DATA_DIR を書き込めるフォルダーに向けてから、Clearframe を起動し直してください。',
  'core.files.what.film': '映像',
  'core.files.what.take': 'ショット {shot} のテイク',
  'core.files.what.csv': 'CSV',
  'core.files.what.lastFrame': '最後のフレーム',
  'core.files.again.join': 'もう一度つないでください',
  'core.files.again.export': 'もう一度書き出してください',
  'core.files.again.exportSpending': 'もう一度支出を書き出してください',
  'core.files.again.extend': 'もう一度試行を延長してください',
  'core.finder.tooFew':
    'このサイズの画像が少なすぎて透かしを見つけられません（透かしが共通する画像が {count} 枚以上必要です）。手作業でマークしてください。',
  'core.finder.refused':
    'これらの画像に共通する印はありません（目立つ部分は各画像の {share} を覆ってしまいます）。手で印を付けてください',
  'core.finder.faint':
    'この画像では印が薄いか一部隠れています（スコア {score}）。使う前にマスクを確認してください。',
  'core.finder.damaged': 'ファイルが壊れているか不完全なため読み込めませんでした。除外します。',
  // ── end of Engine, media, files, keys and settings.

  // ── Engine, app desks and notices: keys of their sentences go below this line.
  'core.app.otherProcessDone':
    'もう一方のプロセスが終了しました。これからはここでキューが進みます。',
  'core.app.waitingForHolder':
    '{holder}がこのデータフォルダーで作業中です。ここで追加したジョブはその終了を待ち、終わると自動的に始まります。',
  'core.app.folderReadOnly':
    '{problem}それまでの間、この実行ではキューとログを{folder}に置きます。このフォルダーは保存されません。',
  'core.app.databaseSetAside':
    'ジョブのデータベースが破損していたため、Clearframe は新しい空のキューを始めました。古いものは{aside}として保存してあります。ディスク上の画像と結果には手を付けていません。そこにあったジョブは追加し直してください。',
  'core.app.noKeychain':
    '{problem}それまではここにキーを保存できません。これらの環境変数で設定したキーは使えます。',
  'core.app.projectGone': 'そのプロジェクトはもうありません。',
  'core.video.noTakeFile':
    '{here, select, gone {このテイクのクリップは {file} にもうありません。元の場所に戻すか、もう一度試行してください。} other {このテイクのクリップはまだこのコンピューターにありません。ダウンロードが終わるまでお待ちください。}}',
  'core.app.importProjectGone':
    'そのプロジェクトはもうありません。別のプロジェクトを選んでください。',
  'core.app.importChanged':
    '{file} の内容が、確認したときと変わりました（ファイルか料金プランが変わりました）：現在は {count, plural, other {# 件の試行}}で {cost} です。何もキューに入れていません。キューに入れる前にもう一度確認してください。',
  'core.app.shotNotAdded': 'そのショットを追加できませんでした。もう一度お試しください。',
  'core.app.shotGone': 'そのショットはもうありません。',
  'core.app.filmTakeGone': 'テイクの一つがもうこのプロジェクトにありません。選び直してください。',
  'core.app.filmTakeUnfinished':
    'ショット{position}で選んだ試行には完成したクリップがありません。完了した試行を選んでください。',
  'core.app.filmNoTakes':
    '完成したテイクのあるショットがまだありません。ショットの試行が完了してから動画をつなげてください。',
  'core.app.previewUnconfirmed':
    'サービスでのプレビューには 1 クレジットかかります。先に確認してください。',
  'core.app.previewFailed':
    'サービスはプレビューをきれいにできませんでした（{problem}）。別の画像を試すか、このコンピューターでバッチを始めてください。',
  'core.app.addressProblem':
    '{problem}ブラウザーでアドレスを確認してから、もう一度お試しください。',
  'core.app.thatAddress': 'そのアドレス',
  'core.app.addressTimeout': '{host} が時間内に応答しませんでした。',
  'core.app.addressUnreachable':
    '{host}に接続できませんでした。サイトが停止しているか、アドレスかインターネット接続に誤りがあります。',
  'core.app.addressHttp': '{host}側で問題が起きました（HTTP {status}）。',
  'core.app.addressRefused': '{host}は画像を返しませんでした：{reason}。',
  'core.app.addressRefusedHttp': '{host}は画像を返しませんでした（HTTP {status}）。',
  'core.app.addressUnreadable': 'そのアドレスの画像を読み込めませんでした（{reason}）。',
  'core.app.addressUnusable': 'そのアドレスからは使える画像が得られません：{reason}',
  'core.app.assetNoPicture':
    'プレビューなし：サービスはアップロード済みのアセットを表示用に返しません。ここで画像を見るには、Web アドレスを指定するか、ファイルを選んでください。',
  'core.app.pastedUnusable': '貼り付けた画像は使えません：{reason}',
  'core.app.imageGone': 'その画像はもう使えません。もう一度追加してください。',
  'core.app.fileUnreadable':
    '読み込めませんでした。ファイルが存在し、開く権限があるか確認してください。',
  'core.app.stagedGone':
    'この画像は確認済みファイルの一覧にもうありません（アプリが再起動した可能性があります）。もう一度追加してください。',
  'core.app.alreadyListed': 'すでに一覧にあります。',
  'core.app.maskEmpty':
    'マスクが何も示していません。透かしの上を塗るか、「マスクなし」を選んでください。',
  'core.app.fileMaskEmpty': '{file}：{problem}',
  'core.app.maskToolEmpty':
    'それでは何も示されなくなります。元に戻すか、より小さい量か、より広い範囲を選んでください。',
  // ── end of Engine, app desks and notices.
};
