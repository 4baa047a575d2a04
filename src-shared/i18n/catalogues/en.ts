/**
 * The English catalogue owns every message id and the text the others translate. ICU
 * message syntax: `{name}` is a value, `{count, plural, one {…} other {…}}` picks by number,
 * `{flag, select, true {…} other {…}}` by value, `<tag>…</tag>` wraps words in an element the
 * code supplies (a link, a hidden name). A new message goes here first; the type check then
 * names every catalogue that lacks it.
 */
export const en = {
  // The window around the screens.
  'app.version': 'v{version} · {platform}',
  'app.screens': 'Screens',
  'app.screen.images': 'Images',
  'app.screen.video': 'Video',
  'app.screen.account': 'Account',
  'app.screen.settings': 'Settings',

  // Shared controls.
  'toast.dismiss': 'Dismiss',
  'notices.unreadable': 'Start-up messages could not be read: {why}',
  'notices.dismiss': 'Dismiss this message',
  'paid.confirm': 'Confirm and send',
  'paid.back': 'Back',
  'retry.what': 'Send {name} again',
  'retry.confirmLabel': 'Confirm sending {name} again',
  'retry.question': 'Pay {cost} again?',
  'retry.firstQuestion': 'Send it to the service for {cost}?',
  'retry.sendAgain': 'Send again (paid) – {cost}',
  'retry.checkAgain': 'Check again',
  'retry.checkAgainHint': 'Asks the service again by the task id it gave; costs nothing.',
  'retry.retry': 'Retry – {cost}',

  // What things cost and how big they are.
  'format.credits': '{count, plural, one {# credit} other {# credits}}',
  'format.secondsLeft': 'about {seconds} s left',
  'format.minutesLeft': 'about {minutes} min left',

  // Demo mode and the first run.
  'demo.all':
    "Demo mode: jobs run on the built-in simulator, and its results are a rough stand-in for the service's own. Nothing is sent to the service and nothing is charged.",
  'demo.video':
    'Demo mode for video: rounds run on the built-in simulator, whose clips are canned stand-ins, not what the service would make. Nothing is sent to the video service and nothing is charged. Images go to the service.',
  'demo.images':
    "Demo mode for images: the built-in simulator cleans them, and its results are a rough stand-in for the service's own. Nothing is sent to the watermark service and nothing is charged. Video rounds go to the service.",
  'demo.short.all': 'Demo mode: nothing is sent or charged.',
  'demo.short.video': 'Video in demo mode: nothing is sent or charged. Images go to the service.',
  'demo.short.images': 'Images in demo mode, free. Video rounds go to the service.',
  'demo.howTo': 'How do I use my own account?',
  'demo.step.signIn':
    "Sign in on the provider's site. The watermark API token is made in the account area under API tokens; the video API key under API keys (video calls draw on a separate USD balance).",
  'demo.step.openSite': "Open the provider's site",
  'demo.step.paste':
    'Paste them in <settings>Settings</settings>. Each key is tested with the service before it is kept.',
  'demo.step.keychain':
    'Keys are kept in the system keychain and never leave this computer except to the service they belong to.',

  // Language.
  'language.label': 'Language',
  'language.system': 'Same as the system ({language})',
  'language.hint': 'The window changes at once.',

  // Keys.
  'key.name.watermark': 'Watermark API token',
  'key.name.video': 'Video API key',
  'key.form': '{name} settings',
  'key.save': 'Save and test',
  'key.clear': 'Clear',
  'key.removed': '{kind, select, watermark {Token} other {Key}} removed from the system keychain.',
  'key.setFromEnvironment':
    '{kind, select, watermark {Token} other {Key}} set (from the environment)',
  'key.setInKeychain': '{kind, select, watermark {Token} other {Key}} set (in the system keychain)',
  'key.notSet': '{kind, select, watermark {No token set} other {No key set}}',

  // Job and round states.
  'state.queued': 'Waiting',
  'state.preparing': 'Getting ready',
  'state.submitting': 'Sending',
  'state.submitted': 'Sent',
  'state.processing': 'Being cleaned',
  'state.downloading': 'Saving the result',
  'state.done': 'Done',
  'state.failed': 'Failed',
  'state.canceled': 'Cancelled',
  'state.needs-attention': 'Needs your decision',
  'state.round.processing': 'Being made',
  'state.round.downloading': 'Saving the clip',

  // Adding images.
  'drop.label': 'Drop images or folders here',
  'drop.more': 'Add more: drop images or folders here',
  'drop.first': 'Drop images or folders here to remove watermarks',
  'drop.choose': 'Choose images…',
  'drop.chooseFolder': 'Choose folder…',
  'clips.title': 'Videos',
  'clips.hint':
    'Clips (MP4, MOV, WebM) are cleaned on this computer, in this window, for free: a logo that holds still is found over the whole clip and lifted from every frame.',
  'clips.paused':
    'Paused: the parts already cleaned are kept, and a clip carries on after them when you resume.',
  'clips.run': '{count, plural, one {Clean # clip} other {Clean # clips}}',
  'clips.pause': 'Pause',
  'clips.resume': 'Resume',
  'clips.cancel': 'Cancel',
  'clips.retry': 'Try again (free)',
  'clips.progress': '{done} of {total} frames, {fps} frames per second, about {left} left',
  'clips.state':
    '{state, select, queued {Waiting} preparing {Cleaning the frames} downloading {Saving} done {Cleaned} failed {Not cleaned} canceled {Canceled} other {Waiting for you}}',
  'clips.result': 'Cleaned clip {name}',
  'clips.unstage': 'Remove from the list',
  'clips.cleanThis': 'Clean {name}',
  'clips.finding': 'Looking for the mark over the whole clip…',
  'clips.proposalFailed':
    'The mark of {name} could not be looked for ({reason}): drop the clip again; if that fails too, the file may be damaged.',
  'clips.leftOut': '{name} is left out: it will not be cleaned. Tick it to clean it after all.',
  'clips.frameAlt': 'The frame at the middle of {name}, with the mask over it in red',
  'clips.share':
    'The mask covers {share} of the frame. {unblended} of it lets the picture through and is un-blended; the rest is opaque and is filled from around it.',
  'clips.grow': 'Grow by {pixels} px',
  'clips.shrink': 'Shrink by {pixels} px',
  'clips.preview': 'Preview before and after',
  'clips.previewCost':
    'Free: the preview is made on this computer from these frames only, and nothing is saved.',
  'clips.previewing': 'Making the preview…',
  'clips.previewSide': '{side, select, before {{name} before} other {{name} after}}',
  'clips.previewSideShort': '{side, select, before {Before} other {After}}',
  'staging.count': 'Looking at the files: {staged} ready, {skipped} not taken so far',
  'staging.stop': 'Stop looking',

  // The results list.
  'jobs.title': 'Results',
  'jobs.summary': '{done} of {total} done',
  'jobs.attention': '{count, plural, one {# needs attention} other {# need attention}}',
  'jobs.history':
    'listing every batch, newest first: {count, plural, one {# image} other {# images}}',
  'jobs.historyMore': 'listing every batch, newest first: {count}+ images',
  'jobs.queue': 'Queue',
  'jobs.resume': 'Resume',
  'jobs.pause': 'Pause',
  'jobs.waiting': 'Waiting: {reason}',
  'jobs.paused': 'Paused: nothing new is sent until you resume.',
  'jobs.retryFailed': 'Retry all failed',
  'jobs.clearFinished': 'Clear finished',
  'jobs.clearFinishedHint':
    'Takes finished images off this list; their results stay where they were saved.',
  'jobs.latestOnly': 'Show only the latest batch',
  'jobs.allEarlier': 'Show all earlier results',
  'jobs.filter': 'Filter',
  'jobs.filter.all': 'All',
  'jobs.filter.running': 'Running',
  'jobs.filter.failed': 'Failed',
  'jobs.filter.done': 'Done',
  'jobs.retrySelected': 'Retry selected',
  'jobs.cancelSelected': 'Cancel selected',
  'jobs.skip': 'Skip past the results',
  'jobs.list': 'Jobs',
  'jobs.select': 'Select {name}',
  'jobs.progress': '{name} progress',
  'jobs.cancel': 'Cancel',
  'jobs.cancelOne': 'Cancel {name}',
  'jobs.open': 'Open',
  'jobs.openOne': 'Open {name}',
  'jobs.showInFolder': 'Show<hidden> {name}</hidden> in folder',
  'jobs.detail': '{name}: {error}',
  'jobs.local': 'On this computer, free',
  'jobs.free': 'free',
  'jobs.doubt.unchanged': 'Unchanged',
  'jobs.doubt.markVisible': 'Mark still visible',
  'jobs.doubt.keep': 'Keep it',
  'jobs.doubt.keepOne': 'Keep it: {name}',
  'jobs.doubt.send': 'Send to the service – {cost}',
  'jobs.doubt.sendWhat': 'Send {name} to the service',
  'jobs.doubt.byHand': 'Mark by hand',
  'jobs.doubt.byHandOne': 'Mark by hand: {name}',
  'jobs.filter.doubt': 'To check',
  'jobs.doubtCount': '{count, plural, one {# to check} other {# to check}}',
  'core.jobs.doubtUnchanged':
    'The service gave the image back unchanged where it was asked to clean it. Keep it as it is, send it again (1 credit), or mark the watermark by hand.',
  'core.jobs.doubtMarkVisible':
    'The watermark can still be read in the result. Keep it as it is, send it to the service (1 credit), or mark the watermark by hand.',
  'cli.remove.doubted':
    '{count, plural, one {# result is not counted as done: it is in doubt (listed above). Keep it as it is with --keep-doubted (free), send it to the service with --send-doubted ({credits} each, with its mask), or mark the watermark by hand: --mask or --mask-rect with --force, or in the window.} other {# results are not counted as done: they are in doubt (listed above). Keep them as they are with --keep-doubted (free), send them to the service with --send-doubted ({credits} each, with their masks), or mark the watermark by hand: --mask or --mask-rect with --force, or in the window.}}',
  'cli.remove.doubted.usage':
    '  --keep-doubted      keep results in doubt (mark still visible, unchanged) as they are: free\n  --send-doubted      send results in doubt to the service with the masks they had, {credits} each',
  'cli.remove.sendingDoubted':
    '--send-doubted: sending {count, plural, one {# result in doubt} other {# results in doubt}} to the service with the masks they had, {credits} in all.',

  // Before and after.
  'compare.previous': 'Previous result (P)',
  'compare.next': 'Next result (N)',
  'compare.close': 'Close',
  'compare.slider': 'Slider',
  'compare.sideBySide': 'Side by side',
  'compare.zoom': 'Zoom',
  'compare.fit': 'Fit ({percent})',
  'compare.picture': '{name}, {what}',
  'compare.original': 'original',
  'compare.split': 'Split',
  'compare.splitValue': '{percent} original',

  // The mask editor.
  'mask.editor': 'Mask for {name}',
  'mask.tools': 'Mask tools',
  'mask.tool.brush': 'Brush (B)',
  'mask.tool.eraser': 'Eraser (E)',
  'mask.tool.rect': 'Rectangle (R)',
  'mask.tool.lasso': 'Lasso (L)',
  'mask.size': 'Size',
  'mask.pixels': '{size} px',
  'mask.opacity': 'Mask opacity',
  'mask.undo': 'Undo',
  'mask.redo': 'Redo',
  'mask.clear': 'Clear',
  'mask.fit': 'Fit',
  'mask.import': 'Import mask…',
  'mask.export': 'Export mask…',
  'mask.wholeTools': 'Whole-mask tools',
  'mask.whole': 'Whole mask:',
  'mask.by': 'by',
  'mask.px': 'px',
  'mask.byLabel': 'Pixels to grow or shrink by',
  'mask.grow': 'Grow',
  'mask.shrink': 'Shrink',
  'mask.invert': 'Invert',
  'mask.grown': 'Grown by {pixels} px',
  'mask.shrunk': 'Shrunk by {pixels} px',
  'mask.inverted': 'Inverted',
  'mask.keepInView': 'Keep only what is in view',
  'mask.keepInViewHint':
    'Zoom and pan to the watermark first: everything marked outside the view is cleared.',
  'mask.keptInView': 'Kept what is in view',
  'mask.toolDone': '{done}: {percent} of the image marked.',
  'mask.imported':
    'Imported: {percent} of the image marked{scaled, select, true {, scaled to the image} other {}}{whiteOnBlack, select, true {, white read as "remove"} other {}}.',
  'mask.wholeUse': 'Repaint the whole image',
  'mask.wholeNothing': 'Import nothing',
  'mask.wholeNotImported':
    'No mask was imported: paint over the watermark, or import a mask that marks only it.',
  'mask.saved': 'Saved to {path}.',
  'mask.canvas':
    '{name}: paint over what to remove. Arrow keys move the cursor, hold Enter to paint. Hold O to see the original.',
  'mask.status': '{width}×{height} · {count, plural, one {# stroke} other {# strokes}}',
  'mask.loading': 'Loading the image…',
  'mask.shortcuts':
    'Wheel to zoom at the pointer, Alt+wheel or [ ] for the brush size, space-drag to pan, O to see the original, Ctrl+Z to undo. On the picture (Tab to it): arrow keys move the cursor and the view (Shift: further), hold Enter to paint, 1 for {full}, F to fit.',
  'mask.scaledFrom':
    'This mask was drawn on a {size} image and scaled to fit this one. Check that it still covers the watermark.',
  'mask.leave': 'Throw away this mask?',
  'mask.leaveQuestion': 'Throw away what you painted on {name}?',
  'mask.throwAway': 'Throw away',
  'mask.keepPainting': 'Keep painting',
  'mask.use': 'Use this mask',
  'mask.applySameSize': 'Apply to all {count} images of this size',
  'mask.applyAll': 'Apply to all {count} images',
  'mask.applyAllHint':
    'Images of other sizes get the mask scaled, each mark kept as near its corner.',
  'mask.applySelected': 'Apply to the selected ({count})',
  'mask.none': 'No mask',
  'mask.cancel': 'Cancel',
  // The mask editor's keyboard, zoom, file name, and the question before an apply replaces masks.
  'mask.zoomLevel': 'Zoom {percent}',
  'mask.replaceQuestion': '{count, plural, one {Replace # mask?} other {Replace # masks?}}',
  'mask.replaceWhich':
    '{found, plural, =0 {None of them was found by Find the watermark} one {# was found by Find the watermark} other {# were found by Find the watermark}}, {painted, plural, =0 {none painted by hand} other {# painted by hand}}. Undo brings them back.',
  'mask.replace': '{count, plural, one {Replace # mask} other {Replace # masks}}',
  'mask.replaceBack': 'Go back',
  'images.undoApply': 'Undo',
  'images.applyUndone': 'Undone: the masks are as they were before.',

  // Arranging projects, shots and rounds.
  'arrange.keepIt': 'Keep it',
  'arrange.remove': 'Remove',
  'arrange.body': '{leaves} {kept}',
  'arrange.keptNoClips': 'What was spent on it stays in your spending.',
  'arrange.keptClips':
    '{clips, plural, one {The clip saved stays where it is} other {The # clips saved stay where they are}}, and what was spent stays in your spending.',
  'arrange.projectName': 'Project name',
  'arrange.saveName': 'Save name',
  'arrange.cancel': 'Cancel',
  'arrange.rename': 'Rename…',
  'arrange.earlier': 'Move project earlier',
  'arrange.later': 'Move project later',
  'arrange.removeProject': 'Remove project…',
  'arrange.removeProjectTitle': 'Remove {name}?',
  'arrange.projectLeaves':
    '{name}, with its {shots, plural, one {# shot} other {# shots}} and {rounds, plural, one {# round} other {# rounds}}, leaves the list.',
  'arrange.shot': 'Shot {position}',
  'arrange.moveEarlier': 'Move shot earlier',
  'arrange.moveLater': 'Move shot later',
  'arrange.moveEarlierShot': 'Move shot earlier: shot {position}',
  'arrange.moveLaterShot': 'Move shot later: shot {position}',
  'arrange.removeShot': 'Remove shot…',
  'arrange.removeShotTitle': 'Remove shot {position}?',
  'arrange.shotLeaves':
    'Shot {position}, with its {rounds, plural, one {# round} other {# rounds}}, leaves the list.',
  'arrange.isTake': 'The shot’s take',
  'arrange.useTake': 'Use as take',
  'arrange.removeRound': 'Remove…',
  'arrange.removeRoundTitle': 'Remove round {round} of shot {shot}?',
  'arrange.roundLeaves': 'Round {position} leaves the list.',

  // Picking times in a clip.
  'scrub.legend': 'Times to edit',
  'scrub.play': 'Play a clip of this project',
  'scrub.choose': 'Choose…',
  'scrub.none': 'Finished clips of this project can be played here to pick the times.',
  'scrub.insertNow': 'Insert current time',
  'scrub.startHere': 'Start here',
  'scrub.endHere': 'End here',
  'scrub.from': 'from (s)',
  'scrub.to': 'to (s)',
  'scrub.insertRange': 'Insert range',
  'scrub.endAfterStart': 'The end must come after the start.',

  // Tasks on the service.
  'history.title': 'Tasks on the service',
  'history.empty': 'The service lists no tasks from the last days.',
  'history.promptUnknown': 'prompt not known here (started elsewhere)',
  'history.place': 'in {project}, shot {shot}, round {round}',
  'history.inAShot': 'in a shot',
  'history.task': 'task {id}',
  'history.taskAt': '{date} · task {id}',
  'history.add': 'Add to {shot}',
  'history.phase.in-progress': 'in progress',
  'history.phase.succeeded': 'finished',
  'history.phase.failed': 'failed',

  // Joining takes into one film.
  'film.title': 'One film of {name}',
  'film.about':
    'The take each shot gives the film, in order. They are joined as they are, without re-encoding, so the film looks exactly like its clips.',
  'film.noTake': 'Shot {shot}: no finished take yet, left out',
  'film.take': 'Shot {shot}: round {round}',
  'film.takeWithPrompt': 'Shot {shot}: round {round}, {prompt}',
  'film.joining': 'Joining…',
  'film.join': 'Choose a folder and join',
  'film.close': 'Close',
  'film.nothing': 'No shot has a finished take yet.',
  'film.saved': 'Saved as {path}',
  'film.player': 'The joined film',
  'film.playing': 'The film: {name}',
  'film.backToShot': 'Back to shot {position}',

  // ── Settings and Account: keys of these screens go below this line.
  'settings.title': 'Settings',
  'settings.keys': 'API keys',
  'settings.keysHint':
    'Keys are kept in the system keychain and only ever sent to the service they belong to.',
  'settings.service': 'Service',
  'settings.demoMode': 'Demo mode (use the built-in simulator while no key is set)',
  'settings.watermarkBaseUrl': 'Watermark service address',
  'settings.videoBaseUrl': 'Video service address',
  'settings.resetAddresses': "Reset addresses to the provider's",
  'settings.pricingTier': 'Pricing tier',
  'settings.budgetCapUsd': 'Video budget cap in USD (empty: no cap)',
  'settings.budgetCapPeriod': 'The cap counts',
  'settings.concurrency.watermark': 'Images at once',
  'settings.concurrency.video': 'Video rounds at once',
  'settings.output': 'Output',
  'settings.outputFolder': 'Output folder (empty: a "clearframe" folder beside each image)',
  'settings.chooseFolder': 'Choose folder…',
  'settings.filenameTemplate': 'File name',
  'settings.filenameExample':
    "{photo} becomes {example}. In braces: {name}, {ext}, {date} and {n} stand for the image's name, its extension, the day and its place in the batch.",
  'settings.conflictPolicy': 'When the name is taken',
  'settings.metadataPolicy': 'Metadata (EXIF, colour profile)',
  'settings.outputFormat': 'Format of results',
  'settings.folderLayout': 'Subfolders of a dropped folder, in the output folder',
  'settings.app': 'App',
  'settings.theme': 'Theme',
  'settings.checkForUpdates': 'Check for updates',
  'settings.save': 'Save settings',
  'settings.saved': 'Saved.',
  'settings.refused': 'Nothing was saved: fix the fields marked above.',
  'settings.diagnostics': 'Diagnostics',
  'settings.openLogs': 'Open logs folder',
  'settings.copyDiagnostics': 'Copy diagnostics',
  'settings.diagnosticsCopied': 'Diagnostics copied. They hold no keys.',
  'settings.checkNow': 'Check for updates',
  'settings.value.budgetCapPeriod.all-time': 'Everything ever spent',
  'settings.value.budgetCapPeriod.month': "Each calendar month (this computer's time zone)",
  'settings.value.conflictPolicy.suffix': 'Add a number',
  'settings.value.conflictPolicy.skip': 'Skip the image',
  'settings.value.conflictPolicy.overwrite': 'Overwrite the old result',
  'settings.value.folderLayout.mirror': 'Keep them in the output folder',
  'settings.value.folderLayout.flatten': 'Put every result in the output folder itself',
  'settings.value.metadataPolicy.keep': 'Keep it',
  'settings.value.metadataPolicy.strip': 'Remove it',
  'settings.value.outputFormat.same': 'Same as the image (JPEG for HEIC)',
  'settings.value.outputFormat.pngFormat': 'PNG',
  'settings.value.outputFormat.jpegFormat': 'JPEG',
  'settings.value.outputFormat.webpFormat': 'WebP',
  'settings.value.pricingTier': '{tier} ({price} a second)',
  'settings.value.theme.system': 'Same as the system',
  'settings.value.theme.light': 'Light',
  'settings.value.theme.dark': 'Dark',
  'account.title': 'Account',
  'account.credits': 'Watermark credits',
  'account.balance': 'Video balance',
  'account.creditsLeft': '{remaining} of {limit, plural, one {# credit} other {# credits}} left',
  'account.from': 'from {host}',
  'account.price': 'Video price',
  'account.pricePerSecond': '{price} per second ({tier} tier)',
  'account.spending': 'Video spending',
  'account.spent':
    '{spent} spent and {inFlight} in rounds sent {cap, select, none {(no budget cap)} monthly {of your {capAmount} monthly budget cap} other {of your {capAmount} budget cap}}',
  'account.spentInMonth':
    'In {month}: {spent} spent and {inFlight} in rounds sent {cap, select, none {(no budget cap)} monthly {of your {capAmount} monthly budget cap} other {of your {capAmount} budget cap}}',
  'account.spendingHint': 'every round the service may have billed, as the cap counts it',
  'account.queue': 'If the whole queue runs',
  'account.queueCost': '{credits} and {money}',
  'account.refresh': 'Refresh',
  'account.history': 'Spending history',
  'spending.length': '{seconds} s × {price}',
  'spending.place':
    '{retried, select, true {shot {shot}, round {round} (try {attempt})} other {shot {shot}, round {round}}}',
  'spending.removed': 'removed from the list',
  'spending.promptUnknown': 'prompt not known (added from the service)',
  'spending.lengthHint': 'The length the service reported, at the price per second it was charged.',
  'spending.lengthUnknownHint':
    'The service has not said how long the clip is, so the estimate stands in.',
  'spending.status.charged': 'charged',
  'spending.status.estimated': 'estimate: the service did not say',
  'spending.status.in-flight': 'sent, not over: estimate',
  'spending.status.demo': 'demo: would cost, not charged',
  'spending.sum': '{spent} spent, {inFlight} in rounds sent and not over',
  'spending.sumWithDemo':
    '{spent} spent, {inFlight} in rounds sent and not over; demo rounds would have cost {demo}',
  'spending.saved': 'Saved {count, plural, one {# charge} other {# charges}} as {path}',
  'spending.savedWithDemo':
    'Saved {count, plural, one {# charge} other {# charges}} and {demo, plural, one {# demo round} other {# demo rounds}}, which nobody charged, as {path}',
  'spending.allMonths': 'All months',
  'spending.monthChoice': '{month} · {amount}',
  'spending.month': 'Month',
  'spending.export': 'Export CSV…',
  'spending.close': 'Close',
  'spending.totals': 'In all: {sum}.',
  'spending.totalsInMonth': '{month}: {sum}.',
  'spending.about':
    "Each round the service may have billed: its charge (the seconds the service reported × the price per second) or, until the service says, its estimate. Months are this computer's calendar months. Demo rounds show what they would cost and count for nothing.",
  'spending.project': '<b>{project}</b>{removed, select, true { (removed)} other {}}: {sum}',
  'spending.nothing': 'Nothing was sent to the service.',
  'spending.nothingInMonth': 'Nothing was sent to the service in {month}.',
  'spending.head.sent': 'Sent',
  'spending.head.round': 'Round',
  'spending.head.length': 'Length',
  'spending.head.cost': 'Cost',
  'spending.more': 'Show more',
  // ── end of Settings and Account.

  // ── Video workspace: keys of the round editor and the project list go below this line.
  // The project list and the shots. Their ids start `project.`: a quoted `video.…` is how the
  // main process names the service's endpoints, and the id check would take those for ids.
  'project.emptyTitle': 'Make a video, shot by shot',
  'project.emptyAbout':
    'A project is one video. It is made of shots in order, and each shot is made in rounds: you describe the shot, see what it costs, send it, and keep trying until a round comes out right.',
  'project.emptyStart': 'Name your first project to begin.',
  'project.createForm': 'Create a project',
  'project.newProject': 'New project',
  'project.namePlaceholder': 'Name, such as Harbour at night',
  'project.create': 'Create',
  'project.project': 'Project',
  'project.shots': 'Shots',
  'project.shotButton': 'Shot {position} ({rounds})',
  'project.addShot': 'Add shot',
  'project.exportTakes': 'Export takes…',
  'project.joinFilm': 'Join takes into one film…',
  'project.spending': 'Spending…',
  'project.importRounds': 'Import rounds…',
  'project.spendingTitle': 'What {name} cost',
  'project.roundsTitle': '{project} · shot {position}',
  'project.shotName': 'shot {position}',
  'project.clipName': 'Shot {shot}, round {round}',
  'project.player': 'Player',
  'project.lastFrame': 'Last frame',
  'project.noTake': 'no take yet',
  'project.exported':
    '{count, plural, one {# take copied to {folder}.} other {# takes copied to {folder}, one a shot, in order.}}',
  'project.exportedLeftOut': '{copied} Left out, with no finished round yet: {shots}.',
  // The Video studio: picture first, storyboard, prompt bar (issue 36).
  'round.attachImage': 'Attach an image',
  'round.attachVideo': 'Attach a video',
  'round.attachAudio': 'Attach a sound',
  'project.defaultName': 'Project {number}',
  'project.stageEmpty':
    'Shot {position} has no clip yet. Write a round in the bar at the bottom: its clip plays here.',
  'project.filmTotal': 'Film: {seconds} s · the rounds cost {cost}',
  'project.filmTotalDemo':
    'Film: {seconds} s · the rounds would cost {cost} (demo, nothing charged)',
  'project.storyboardKeys': 'To move a shot, drag it onto another, or press Alt with ← or → on it.',
  'round.sendAbout': 'Review and send · about {cost}',
  'round.sendUpTo': 'Review and send · up to {cost}',
  'round.attach': 'Attach',
  'round.attached': 'Attached',
  'round.chipRemove': 'Remove {token}',
  'round.chipAsReference': 'Make {token} a reference',
  'round.chipAsFirstFrame': 'Make {token} the first frame',
  'round.chipEmpty': 'no address yet',
  'round.enterHint': 'Enter reviews the round and its cost; Shift+Enter starts a new line.',
  'round.moreOptions': 'More options',

  // One round in the list.
  'round.title': 'Round {position}: {prompt}',
  'round.name': 'round {position}',
  'round.promptUnknown': 'prompt not known (added from the service)',
  'round.demo': 'demo',
  'round.demoHint': 'Made by the built-in simulator: nothing was sent to the service or charged.',
  'round.money.demo': 'would cost {cost} (demo, not charged)',
  'round.money.charged': 'charged {cost}',
  'round.money.estimated': 'estimated {cost}',
  'round.clip.auto': 'length picked by the model',
  'round.clip.default': "the service's default length",
  'round.clip.seconds': '{seconds}-second clip',
  'round.clip.demoStandIn': '{seconds}-second clip asked; the demo plays a short stand-in clip',
  'round.seconds': '{seconds} s',
  'round.minutes': '{minutes} min',
  'round.took': 'took {time}',
  'round.running': 'running for {time}',
  'round.runningLeft': 'running for {time} · about {left} left',
  'round.play': 'Play',
  'round.showInFolder': 'Show in folder',
  'round.cleanLogo': 'Remove a still logo (free)',
  'round.cancel': 'Cancel',
  'round.cancelHint': 'Stops waiting for it; the service may still finish and bill it.',
  'round.writePrompt': 'Write prompt…',
  'round.writePromptHint':
    "Clearframe does not know this task's prompt, so it cannot send it again as it is.",
  'round.duplicate': 'Duplicate',
  'round.duplicateWhat': 'Send a copy of round {position}',
  'round.extendForm': 'Extend round {position}',
  'round.extendWhat':
    "Send round {position}'s continuation from its last frame {into, select, new {into a new shot after this one} other {into this shot, as its new take}}",
  'round.next': 'What happens after round {position}',
  'round.nextPlaceholder': 'What happens next…',
  // The take cards (issue 36): their ⋯ menus and the project's.
  'round.actions': 'Actions for round {position}',
  'round.extendFromFrameOpen': 'Extend from last frame…',
  'round.moveEarlier': 'Move earlier',
  'round.moveLater': 'Move later',
  'project.actions': 'Project actions',
  'project.nameHint': 'Click the name to rename the project',
  'project.nameEmpty': 'A project needs a name: type one, or press Escape to keep “{name}”.',
  'round.extendVideoOpen': 'Extend video…',
  'round.extendVideoForm': 'Extend the video of round {position}',
  'round.extendVideoWhat':
    "Send round {position}'s continuation with its clip as the reference {into, select, new {into a new shot after this one} other {into this shot, as its new take}}",
  'round.extendPlace': 'Where the continuation of round {position} goes',
  'round.extendInto': '{into, select, new {Continue in a new shot} other {Continue in this shot}}',
  'round.uploadFirst':
    "The service takes a reference video only as an uploaded asset, and this clip came back as a download link. Upload {file} to your account on the provider's site, then paste its asset:// address here.",
  'round.assetAddress': 'Asset address of round {position}',
  'round.continuation': 'How round {position} goes on',
  'round.extendVideo': 'Extend video',

  // The paid question of the video workspace.
  'round.paidLabel': 'Confirm a paid request',
  'round.paidAbout': '{what} for about {cost}?',
  'round.paidUpTo': '{what} for up to {cost}?',

  // The round editor.
  'round.editor': 'New round',
  'round.kind': 'Kind of round',
  'round.mode.text': 'Text to video',
  'round.mode.image': 'Image to video',
  'round.mode.frames': 'First and last frame',
  'round.mode.video': 'Video reference',
  'round.mode.audio': 'Audio reference',
  'round.mode.edit': 'Edit at timestamps',
  'round.mode.auto': 'Auto (omni reference)',
  'round.prompt': 'Prompt',
  'round.model': 'Model',
  'round.duration': 'Duration (s)',
  'round.durationField': 'Duration',
  'round.resolution': 'Resolution',
  'round.ratio': 'Ratio',
  'round.sound': 'Sound',
  'round.watermark': 'AI watermark on the clip',
  'round.keepLastFrame': 'Keep last frame (to extend)',
  'round.costAbout': 'About {cost} for a {seconds}-second clip',
  'round.costUpTo': 'Up to {cost}: the model picks the length, at most {seconds} s',
  'round.lengthUnknown':
    '{count, plural, one {The length of reference {references} is not known on this computer} other {The length of references {references} is not known on this computer}}, so it is not checked here: the service checks that a reference video is {min} to {max} seconds long once the round is sent, and fails the round if not.',
  'round.editorDemo': 'demo: the built-in simulator makes it, nothing is charged',
  'round.balance': 'balance {balance}',
  'round.overCap': 'with {spent} already spent or in flight, over your budget cap of {cap}',
  'round.overMonthlyCap':
    'with {spent} already spent or in flight in {month}, over your monthly budget cap of {cap}',
  'round.addToBatch': 'Add another round to this batch',
  'round.inBatch': '{count} more in this batch',
  'core.rounds.referenceUnreadable':
    '{name} cannot be read as a picture. Choose a JPEG, PNG or WebP file.',
  'core.rounds.referenceFormat':
    '{name} is a {format} file, which the service does not take as a reference. Save it as JPEG or PNG and choose it again.',
  'round.chooseFile': 'Choose a file…',
  'round.fromComputer': '{name} · on this computer, sent inside the request',
  'round.fromComputerUnnamed': 'A picture from this computer, sent inside the request',
  'round.clearFile': 'Remove the picture',
  'request.inlineTooLarge':
    'The pictures from this computer make the request about {megabytes} MB, and the service takes at most {max} MB. Choose smaller pictures (saved as JPEG, for example), or fewer.',
  'round.batchLine':
    'Round {number}: {prompt} · {kind} · {length} · {upTo, select, true {up to {cost}} other {about {cost}}}',
  'round.batchChip':
    'Round {number}: {prompt} · {upTo, select, true {up to {cost}} other {{cost}}}',
  'round.pastedPicture': 'Pasted picture',
  'round.dropNeedsAddress':
    '{name}: the service takes clips and sounds only by address. Upload it to your account and paste its asset:// address (a sound may also be a web address).',
  'round.dropNotMedia':
    '{name} is not a picture, clip or sound: drop pictures (JPEG, PNG, WebP, TIFF or GIF), or paste the address of a clip or sound.',
  'round.batchEdit': 'Back into the form',
  'round.batchRemove': 'Remove from the batch',
  'round.batchDetails':
    '{resolution} · {ratio} · {sound, select, true {with sound} other {no sound}} · {references, plural, =0 {no references} one {# reference} other {# references}}',
  'round.toSend': 'Rounds to send',
  'round.formNotSent':
    'The round in the form is not complete, so it is not sent: it stays in the form.',
  'round.review': 'Review and send',
  'round.confirmAbout': 'Send {count, plural, one {# round} other {# rounds}} for about {cost}?',
  'round.confirmUpTo': 'Send {count, plural, one {# round} other {# rounds}} for up to {cost}?',

  // What the window's requests are refused with.
  'ipc.untrusted': 'This request did not come from the Clearframe window.',
  'ipc.unknownChannel': 'There is no channel named {channel}.',
  'ipc.malformed': 'The request to {channel} was malformed: {problem}',
  'ipc.notAvailable': '{channel} is not available in this window.',
  'ipc.failed':
    'Clearframe could not do that ({detail}). Try again; if it keeps failing, copy the diagnostics and report it.',
  'ipc.problem.dropSomething': 'Drop at least one file or folder.',
  'ipc.problem.chooseImportFile': 'Choose a CSV or JSON file.',
  'ipc.problem.pastedTooLarge':
    'The pasted image is too large; save it as a file and add the file.',
  'ipc.problem.pastedNotImage': 'The pasted data is not an image.',
  'ipc.problem.chooseImage': 'Choose at least one image.',
  'ipc.problem.growAtLeast': 'Grow or shrink by at least 1 pixel.',
  'ipc.problem.sayNext': 'Say what happens next.',
  'ipc.problem.frameTooLarge': 'The frame taken from the clip is too large to send.',
  'ipc.problem.frameNotBase64': 'The frame taken from the clip is not base64.',
  'ipc.problem.findAgain': 'Find the watermark again.',

  // A value a form or a file gives that its rule does not take.
  'check.month': 'Give the month as YYYY-MM, such as 2026-03.',
  'check.choose': 'Choose {choices}.',
  'check.number': 'Enter a number.',
  'check.wholeNumber': 'Enter a whole number.',
  'check.atLeast': 'At least {bound}.',
  'check.moreThan': 'Must be more than {bound}.',
  'check.atMost': 'At most {bound}.',
  'check.lessThan': 'Must be less than {bound}.',
  'check.empty': 'Fill this in; it cannot be empty.',
  'check.tooLong': 'At most {count, plural, one {# character} other {# characters}}.',
  'check.atLeastItems': 'Give at least {count, plural, one {# item} other {# items}}.',
  'check.atMostItems': 'At most {count, plural, one {# item} other {# items}} at once.',
  'check.address': 'Enter a full address that starts with https://.',
  'check.unknownFields':
    'Clearframe does not know {fields}; {count, plural, one {remove it} other {remove them}}.',
  'check.invalid': 'This value cannot be used; enter another.',
  'settings.problem.address':
    'Enter a full address that starts with https:// (or http:// for a local service).',
  'settings.problem.addressScheme': 'The address must start with https:// or http://.',
  'settings.problem.capAmount': 'Enter an amount in USD.',
  'settings.problem.capNegative': 'The cap cannot be negative.',
  'settings.problem.templateEmpty':
    'The file name template is empty; enter one such as {example}, which keeps the image’s name.',
  'settings.problem.templateCharacters': 'The file name template may not contain {characters}.',
  'settings.problem.templateUnknown': 'Unknown {unknown} in the file name template; use {tokens}.',
  'settings.problem.templateNoName':
    'The file name template needs {name} or {n}, or every result would get the same name.',

  // What is wrong with a key as typed or pasted.
  'keys.problem.spaces': 'The key has spaces at its start or end; paste it again without them.',
  'keys.problem.tooShort': 'The key is too short; copy the whole key from your account page.',
  'keys.problem.tooLong': 'The key is too long; copy only the key from your account page.',
  'keys.problem.characters':
    'The key has characters a key cannot have; copy it again from your account page.',

  // What the budget cap and the balance say before a round is paid for.
  'budget.overCap':
    'This round ({estimate}) would take video spending to {total}, over your budget cap of {cap}: {spent} spent and {inFlight} in rounds already sent. Raise the cap in Settings, then retry this round.',
  'budget.overMonthlyCap':
    'This round ({estimate}) would take video spending in {month} to {total}, over your monthly budget cap of {cap}: {spent} spent this month and {inFlight} in rounds already sent. Raise the cap in Settings, or retry this round in {nextMonth}.',
  'budget.balanceLow':
    "The video balance is {balance}; this round needs about {estimate}. Top up the balance on the provider's site, then retry this round.",
  'budget.balanceLowHeld':
    "The video balance is {balance}, of which {held} is held by rounds already sent; this round needs about {estimate}. Top up the balance on the provider's site, then retry this round.",

  // The rules of a round, said where the round form and the command line check it.
  'request.writePrompt': 'Write a prompt: every round needs one, also when it has references.',
  'request.tooManyReferences':
    'Remove {count, plural, one {# reference} other {# references}}: a round takes at most {max} besides its prompt.',
  'request.giveAddress': 'Give the address of reference {number}, or remove it.',
  'request.videoAsAsset':
    "Give reference {number} as an asset:// address: the service takes a video only once it is uploaded to your account on the provider's site.",
  'request.publicAddress':
    'Give reference {number} as an address that starts with https:// (a public web address) or asset:// (uploaded to your account).',
  'request.sayRole': 'Say what reference {number} is for: {roles}.',
  'request.wrongRole':
    'Reference {number} is {kind, select, image {an image} video {a video} other {a sound}}, so it cannot be the {role}: make it the {roles}.',
  'request.promptNamesMissing':
    'The prompt names {token}, but the round has {kind, select, image {{count, plural, =0 {no image references} one {# image reference} other {# image references}}} video {{count, plural, =0 {no video references} one {# video reference} other {# video references}}} other {{count, plural, =0 {no audio references} one {# audio reference} other {# audio references}}}}: add one, or change {token} in the prompt.',
  'request.autoOnly': 'Choose Auto as the kind of round, or another kind.',
  'request.resolution': 'Choose a resolution of {choices}; the service does not make {resolution}.',
  'request.autoRatio': 'Choose the ratio {ratio}: in an Auto round the model shapes the clip.',
  'request.autoDuration': 'Leave the duration to the model: an Auto round picks its own length.',
  'request.autoTakesReferences':
    'An Auto round takes references only, so reference {number} cannot be the {role}: choose another kind of round for frames.',
  'request.adaptiveOnlyAuto': 'Choose a ratio of {choices}: {ratio} is only for Auto rounds.',
  'request.ratio': 'Choose a ratio of {choices}; the service does not make {ratio}.',
  'request.duration':
    'Make the duration {min} to {max} seconds: {model} does not make {open, select, true {a clip of open length} other {a {seconds}-second clip}}.',
  'request.oneFrameEach': 'Give one first frame and at most one last frame.',
  'request.firstFrameNeeded':
    'Add a first frame: a round that ends on a last frame starts from one.',
  'request.framesOrReferences':
    'Use frames or references, not both: remove one, or choose Auto as the kind of round to work from references.',
  'request.referenceLength':
    'Reference {number} is {seconds} s long, and an Auto round takes reference videos of {min} to {max} seconds: trim it, or choose another video.',
  'referenceImage.tooManyBytes':
    'A reference image may be at most {megabytes} MB. Save it smaller and add it again.',
  'referenceImage.sides':
    'A reference image needs {min} to {max} pixels on each side; this one is {width}×{height}. Resize it and add it again.',
  'referenceImage.shape':
    'A reference image must be between {min}:1 and {max}:1 in shape; this one is {aspect}:1. Crop it and add it again.',
  'image.tooLargeToOpen':
    'The image is too large: {width}×{height} pixels ({megapixels} megapixels), more than the {limit} megapixels Clearframe can open. Scale it down in an image editor, then add it again.',

  // One reference of a round.
  'round.role.firstFrame': 'first frame',
  'round.role.lastFrame': 'last frame',
  'round.role.referenceImage': 'reference image',
  'round.role.referenceVideo': 'reference video',
  'round.role.referenceAudio': 'reference audio',
  'round.slot': '{role}, reference {number} ({accepts})',
  'round.acceptsAssetOrWeb': 'asset:// or https://',
  'round.slotPlaceholder': 'asset://… or https://…',
  'round.assetPlaceholder': 'asset://…',
  'round.size': '{width}×{height}',
  'round.slotPreview': '{role} preview',
  'round.thumb.asset': 'asset',
  'round.thumb.image': 'image',
  'round.thumb.video': 'video',
  'round.thumb.audio': 'audio',
  'round.demoMedia': 'Demo media:',
  'round.demoMediaFor': 'Demo media for reference {number}',
  'round.demoAsset.demo-image-landscape': 'Landscape photo',
  'round.demoAsset.demo-image-portrait': 'Portrait photo',
  'round.demoAsset.demo-video-8s': '8-second clip',
  'round.demoAsset.demo-video-2s': '2-second clip',
  'round.demoAsset.demo-audio-6s': '6-second sound',

  // Importing rounds from a file.
  'import.title': 'Import rounds',
  'import.heading': 'Import rounds into {project}',
  'import.about':
    'A CSV file (a header row, then one round a row) or a JSON list, with the columns prompt, kind, references, duration, ratio and shot. References are written image=…, video=… or audio=…, separated by |. Every row is checked before anything is queued.',
  'import.file': 'CSV or JSON file of rounds',
  'import.checking': 'Checking every row…',
  'import.noPath':
    'Clearframe cannot tell where {name} is saved. Save it as a file on this computer, then choose it again.',
  'import.problems':
    'Nothing can be queued from {name} until every row passes. Correct these rows and choose the file again:',
  'import.problem': '<strong>{label}:</strong> {message}',
  'import.row': 'Row',
  'import.shot': 'Shot',
  'import.kind': 'Kind',
  'import.prompt': 'Prompt',
  'import.cost': 'Cost',
  'import.costAbout': 'about {cost}',
  'import.costUpTo': 'up to {cost}',
  'import.total': '{count, plural, one {# round} other {# rounds}}, {total} in all.',
  'import.close': 'Close',
  'import.queueWhat': 'Queue {count, plural, one {# round} other {# rounds}} from {name}',
  'import.queue': 'Queue {count, plural, one {# round} other {# rounds}} for {total}',
  'import.queued':
    '{count, plural, one {# round from {name} is queued in {project}.} other {# rounds from {name} are queued in {project}.}}',
  'round.frameUnreadable':
    'The clip could not be played here to take its last frame: play it once in the player, then extend it again.',
  // ── end of Video workspace.

  // ── Images workspace: keys of the finder, previews and output go below this line.
  'images.urlForm': 'Add an image by address',
  'images.urlLabel': 'Image address',
  'images.urlPlaceholder': 'https://…',
  'images.urlAdd': 'Add',
  'images.reasonLine': '{name}: {reason}',
  'images.skippedTitle': 'Not taken ({count}), each with the reason:',
  'images.skippedList': 'Skipped',
  'images.ready': 'Ready:',
  'images.readySummary': '{count, plural, one {# image} other {# images}}, {masked} with a mask',
  'images.selectAll': 'Select all',
  'images.selectNone': 'Select none',
  'images.removeSelected': 'Remove selected',
  'images.find': 'Find the watermark',
  'images.startFree':
    'Start – free, on this computer{left, plural, =0 {} other {; # left out: cleaned before}}',
  'images.start':
    'Start – uses {credits} for {count, plural, one {# image} other {# images}}{free, plural, =0 {} other {; # free on this computer}}{left, plural, =0 {} other {; # left out: cleaned before}}',
  'images.startUpTo':
    'Start – uses up to {credits} for {count, plural, one {# image} other {# images}}{free, plural, =0 {} other {; # free on this computer}}{left, plural, =0 {} other {; # left out: cleaned before}}',
  'images.startNothing':
    'Nothing to send: {left, plural, one {# image was} other {# images were}} cleaned before with the same mask. Tick “Clean again” to send one again.',
  'images.heldBackUnsure':
    '{count, plural, one {# image is held back: Find the watermark was not sure of its mark, so nothing is sent for it. Paint a mask with Edit mask, or tick it in Find the watermark.} other {# images are held back: Find the watermark was not sure of their mark, so nothing is sent for them. Paint a mask with Edit mask, or tick them in Find the watermark.}}',
  'images.startOnlyUnsure':
    'Nothing to send yet: Find the watermark was not sure of the mark on these images. Paint a mask on them first.',
  'images.cleanedBefore':
    '{count, plural, one {# of these was cleaned before} other {# of these were cleaned before}}. One sent again with the same mask is left out and costs nothing, unless you tick “Clean again”.',
  'images.appliedSameSize':
    '{count, plural, one {Mask applied to # image of {size}.} other {Mask applied to # images of {size}.}}',
  'images.appliedAll':
    '{count, plural, one {Mask applied to # image.} other {Mask applied to # images.}}',
  'images.appliedSelected':
    '{count, plural, one {Mask applied to # selected image.} other {Mask applied to # selected images.}}',
  'images.appliedScaled':
    '{count, plural, one {# of them has another size than {size}: the mask was scaled to fit, each mark kept as near its corner as on {name}. Check it with Edit mask.} other {# of them have another size than {size}: the mask was scaled to fit, each mark kept as near its corner as on {name}. Check them with Edit mask.}}',
  'images.twoSentences': '{first} {second}',
  'images.maskSaved': 'Mask saved for {name}.',
  'images.maskRemoved': 'Mask removed from {name}.',
  'images.foundNote':
    '{count, plural, one {The found mask is on # image} other {The found mask is on # images}}{free, plural, =0 {} other {, # to be cleaned on this computer for free}}. Check one with Preview, or change it with Edit mask.',
  'images.applySameSize': 'Apply to all {size} images',
  'images.applyAll': 'Apply to all {count} images',
  'images.applySelected': 'Apply to selected',
  'images.previewFree': 'Preview {name} (free)',
  'images.noMaskAll':
    'None of them has a mask yet: the service then looks for the watermark itself and removes what it finds (demo mode repaints a mark it finds in a corner). Paint a mask where it should look instead.',
  'images.noMaskSome':
    '{count, plural, one {# of them has no mask} other {# of them have no mask}}: the service then looks for the watermark itself and removes what it finds (demo mode repaints a mark it finds in a corner). Paint a mask where it should look instead.',
  // The staged images the measured mark cleans here (a profile or the finder's choice).
  'images.localAll':
    '{count, plural, one {It is} other {All # are}} cleaned on this computer, free, with the measured watermark: nothing is sent to the service for {count, plural, one {it} other {them}}.',
  'images.localSome':
    '{count, plural, one {# of them is} other {# of them are}} cleaned on this computer, free, with the measured watermark: nothing is sent to the service for {count, plural, one {it} other {them}}.',
  'images.list': 'Images ready',
  'images.select': 'Select {name}',
  'images.fromWeb': '{name} (from the web)',
  'images.localFree': 'cleaned on this computer, free',
  'images.cleanAgain': 'Cleaned before · clean again',
  'images.scaledHint': 'The mask was drawn on a {size} image and scaled to fit this one.',
  'images.badge.scaled': 'mask, scaled',
  'images.badge.mask': 'mask',
  'images.badge.none': 'no mask',
  'images.editMask': 'Edit mask',
  'images.paintMask': 'Paint mask',
  'images.editMaskOf': 'Edit mask: {name}',
  'images.paintMaskOf': 'Paint mask: {name}',
  'images.preview': 'Preview',
  'images.previewHint': 'A free repaint made on this computer, to check the mask',
  'images.maskEditor': 'Mask editor',
  'images.compareTitle': 'Before and after: {name}',
  'images.cleaned': 'cleaned',
  'images.savedTo': 'Saved to {path}',
  'finder.looking': 'Looking for the watermark',
  'finder.lookingFor': 'Looking for a mark the {count} images share, on this computer, at no cost…',
  'finder.cancel': 'Cancel',
  'finder.close': 'Close',
  'finder.found': 'The watermark found',
  'finder.intro':
    'Red shows what each image’s mask covers. Untick an image to leave it out; after using the masks, Edit mask adjusts any of them.',
  'finder.groupSize': '{count, plural, one {# image of {size}} other {# images of {size}}}',
  'finder.groupCorner':
    '{count, plural, one {# image} other {# images}} of several sizes, the mark in the {corner, select, top_left {top left} top_right {top right} bottom_left {bottom left} other {bottom right}} corner',
  'finder.groupHeading': '{group}: {finding}',
  'finder.noShared': 'no shared mark found; paint a mask by hand',
  'finder.markOn': 'the mark is on {count} of them',
  'finder.serviceOnly':
    'Only the service can clean these: cleaning on this computer measures the mark across at least 3 images of one size that carry it.',
  'finder.markFound': 'mark found ({percent})',
  'finder.noMark': 'no mark seen ({percent})',
  'finder.more': 'And {count} more of this group, ticked the same way by their scores.',
  'finder.byHand': 'Marked by hand',
  'finder.byHandTitle': 'To mark by hand ({count})',
  'finder.use':
    '{count, plural, one {Use the masks for # image} other {Use the masks for # images}}{free, plural, =0 {} other { (# cleaned on this computer)}}',
  'finder.who': 'Who cleans them',
  'finder.byService': 'The service — {credits} an image',
  'finder.byComputer': 'On this computer — free',
  // The self-check: the quality cleaning on this computer is expected to give.
  'quality.expected':
    'Expected quality on this computer: {db} dB, {band, select, clean {the mark should not be visible.} faint {a faint trace of the mark may show where the photo is plain.} other {the result will likely show a trace of the mark.}}',
  'quality.notChosen':
    '“On this computer” is therefore not chosen for you: compare the two previews before choosing it.',
  'quality.short': 'expected {db} dB',
  'cli.engine.expectedLow':
    'Under --engine local they are cleaned anyway, and each result is marked “Mark still visible” unless the check after cleaning finds no trace of the mark.',
  'finder.maskShare': 'The mask covers {share} of each image.',
  'finder.tickGroup':
    '{count, plural, one {The # image of this group} other {All # images of this group}}',
  'finder.unsure': 'not sure ({percent})',
  'finder.unreadable': 'Could not be read',
  'finder.unreadableTitle': 'Could not be read ({count})',
  'preview.title': 'Free preview: {name}',
  'preview.afterWord': 'free preview',
  'preview.note':
    'Made on this computer with a simple repaint, at no cost, to show what the mask covers. The service’s own result is usually cleaner.',
  'preview.making': 'Making the preview',
  'preview.repainting': 'Repainting the masked area on this computer…',
  'preview.failed': 'The preview could not be made: {reason}',
  'preview.close': 'Close',
  'preview.eachEngine': '{name} cleaned by each engine',
  'preview.enlarged': '{name}, enlarged around the mark, cleaned each way:',
  'preview.cleanedLocal': 'cleaned on this computer',
  'preview.cleanedService': 'cleaned by the service',
  'preview.undoing': 'Undoing the mark on this computer',
  'preview.serviceCleaning': 'The service is cleaning it',
  'preview.askService': 'Preview with the service – {credits}',
  'preview.question': 'Send {name} to the service for a preview, for {credits}?',
  'preview.confirm': 'Confirm previewing {name} with the service',
  'preview.byService':
    'The service — {credits} an image{demo, select, true { (free in demo mode)} other {}}',
  'output.summary': 'Output: {folder} · names like {example}',
  'output.besideEach': 'a “clearframe” folder beside each image',
  'output.creditsLeft': '{count, plural, one {# credit left} other {# credits left}}',
  // Demo figures said as simulated, and what an empty filter of the results says.
  'output.demoCreditsLeft':
    '{count, plural, one {# demo credit left (simulated)} other {# demo credits left (simulated)}}',
  'account.demoCreditsLeft':
    '{remaining} of {limit, plural, one {# demo credit} other {# demo credits}} left (simulated)',
  'account.demoBalance': '{balance} (simulated demo balance)',
  'jobs.empty.all': 'No images in this list',
  'jobs.empty.running': 'No images running',
  'jobs.empty.failed': 'No failed images',
  'jobs.empty.doubt': 'No results to check',
  'jobs.empty.done': 'No finished images yet',
  'output.folder': 'Folder',
  'output.folderPlaceholder': 'Beside each image',
  'output.choose': 'Choose…',
  'output.fileName': 'File name',
  'output.conflict': 'When the name is taken',
  'output.layout': 'Subfolders of a dropped folder',
  'output.metadata': 'Keep metadata (EXIF, colour profile)',
  'output.format': 'Format',
  // ── end of Images workspace.

  // ── Command line and main process: keys of their messages go below this line.
  // The command line: what each command is for and how it is typed.
  'cli.summary.help': "list the commands, or how to use one (help '<'command>)",
  'cli.summary.remove':
    'remove watermarks from images and folders (--demo to try it on the simulator)',
  'cli.summary.video': 'video projects: new, add-round, import, run, status, spending',
  'cli.summary.jobs': 'how many jobs are in each state (--watch to follow)',
  'cli.summary.balance': 'watermark credits and the video balance',
  'cli.summary.key': 'set, test or clear an API key in the system keychain',
  'cli.summary.simulator': 'run the local stand-in for the service (--port=N)',
  'cli.summary.version': 'print the version',
  'cli.help.usage': 'Usage: clearframe help [command]',
  'cli.help.head': "Usage: clearframe '<'command> [options]\n\nCommands:",
  'cli.help.foot':
    'Options most commands take: --json (one JSON object per line), --demo (the built-in\nsimulator instead of the service), --data-dir dir (another data folder).\n\nExit codes: {done} done; {someFailed} some jobs failed or wait for your decision, or an error;\n{usage} the command line was wrong; {noKey} no API key; {spending} the budget cap or the balance\nstopped a paid round; {interrupted} interrupted.',
  'cli.version.usage': 'Usage: clearframe version',
  'cli.jobs.usage':
    'Usage: clearframe jobs [--watch] [--json] [--data-dir dir]\n  How many images and video rounds are in each state. --watch redraws it every second\n  until Ctrl+C.',
  'cli.balance.usage':
    'Usage: clearframe balance [--demo] [--json] [--data-dir dir]\n  The watermark credits and the video balance, each as its own service reports it.',
  'cli.remove.usage':
    "Usage: clearframe remove '<'files|folders…> [--mask file | --mask-rect x,y,w,h | --auto-mask] [--out dir]\n                          [--recursive] [--concurrency n] [--retry] [--force] [--dry-run] [--demo] [--json] [--data-dir dir]\n  Removes the watermark from every image named or found in the folders. --mask takes a mask\n  file (marks in any colour but pure black or white, or white on black); --mask-rect marks\n  one rectangle in image pixels, checked against every image before anything is sent.\n  Run it again after a crash to resume: nothing sent is sent again.\n  --retry   try failed files again: asks the service again for free where it has the image,\n            prepares again a file it never took (after you replaced it, say)\n  --force   a new paid attempt (1 credit each) for files already cleaned or failed\n{masks}\n{engines}",
  'cli.masks.usage':
    "  --mask-anchor top-left|top-right|bottom-left|bottom-right|relative\n            where --mask-rect (and --mask-clear-outside) is measured from: with a corner, x,y\n            are the distances from that corner's sides, so one rectangle fits photos of any\n            size; with relative, all four numbers are shares of the image from 0 to 1\n  --auto-mask         find the watermark the images share and print what was found per\n                      group before anything is sent; --mask-rect then is a rough hint\n  --dry-run           stop after printing what would be sent: nothing is sent or paid\n  --save-masks dir    write each group's mask there as a PNG (white on black) at its size\n  --mask-grow n, --mask-shrink n, --mask-invert, --mask-clear-outside x,y,w,h\n                      change the mask before it is sent: grow or shrink it by n pixels,\n                      invert it, clear everything outside the rectangle\n  --mask-whole        take a --mask file that marks every pixel (white all over, say) as\n                      marking the whole image, which is then repainted",
  'cli.engine.usage':
    '  --engine service|local\n                      service (the default): the service cleans each image, 1 credit each;\n                      local: this computer undoes the blend of the watermark --auto-mask\n                      measured in the batch, free and offline; images it cannot measure the\n                      mark for are left out and named (send them with --engine service)',
  'cli.video.usage':
    "Usage:\n  clearframe video new '<'name> [--shot title]\n  clearframe video add-round '<'project or shot id> --prompt text [--duration s (default {seconds})] [--resolution 480p|720p]\n        [--ratio 16:9] [--model id] [--image url[=role]]… [--video url] [--audio url] [--auto]\n        [--last-frame] [--generate-audio] [--watermark]\n  clearframe video add-round --extend '<'round id> --prompt text\n  clearframe video import '<'file.csv|file.json> (--project id | --new name) [--yes]\n  clearframe video run [--concurrency n] [--out dir] [--demo]\n  clearframe video status [project id]\n  clearframe video spending [--project id] [--month YYYY-MM] [--csv file]\n        every round the service may have billed (its charge, or its estimate while the\n        service has not said), newest first, by month (this computer's time zone) and by\n        project; --csv also writes it as a CSV file, never over a file already there\nAll take --json and --data-dir dir.\n\nvideo import queues a batch of rounds from a CSV file (a header row naming the columns)\nor a JSON list of objects, with these columns or fields:\n  prompt      what the round shows (required)\n  kind        {kinds} (default text)\n  references  image=URL, video=URL or audio=URL, separated by | (a list in JSON); the Nth\n              of a kind is @imageN, @videoN, @audioN in the prompt. \"video=asset://id from\n              clip.mp4\" names the file it was uploaded from, so its length is checked here.\n  duration    seconds (default {seconds}; leave it empty for auto)\n  ratio       {ratios} (adaptive for auto)\n  shot        rounds naming the same shot share it; a round without one gets its own\nEvery row is checked first: one broken row queues nothing, and each problem names its row.\nThe rounds and their total cost are shown, then asked about; --yes queues them without\nasking (needed when standard input is not a terminal).",

  // The command line: mistakes in what was typed.
  'cli.unknownCommand': 'clearframe: unknown command "{name}". Run "clearframe help" for the list.',
  'cli.usageError': 'clearframe {command}: {problem} Try clearframe {command} --help.',
  'cli.commandProblem': 'clearframe {command}: {problem}',
  'cli.failed': 'clearframe: {problem}',
  'cli.unexpected': 'clearframe {command}: an unexpected error stopped the command: {problem}',
  'cli.args.unknownOption': 'unknown option {option}.',
  'cli.args.unexpected': 'unexpected argument {argument}.',
  'cli.args.takesNoValue': '{option} takes no value.',
  'cli.args.needsValue': '{option} needs a value.',
  'cli.args.thatOption': 'that option',
  'cli.args.unreadable': 'the options cannot be read.',
  'cli.concurrency': '--concurrency must be a whole number from 1 to {most}.',
  'cli.fileProblem': '{file}: {problem}',
  'cli.note': 'Note: {note}',
  'cli.ask.choices': '[y/N]',
  'cli.ask.yes': 'y|yes',

  // The command line: states and services as its lists name them.
  'cli.state.queued': 'queued',
  'cli.state.preparing': 'preparing',
  'cli.state.submitting': 'submitting',
  'cli.state.submitted': 'submitted',
  'cli.state.processing': 'processing',
  'cli.state.downloading': 'downloading',
  'cli.state.done': 'done',
  'cli.state.failed': 'failed',
  'cli.state.canceled': 'canceled',
  'cli.state.needs-attention': 'needs-attention',
  'cli.service.watermark': 'watermark',
  'cli.service.video': 'video',

  // The command line: progress, following the app, counts and balances.
  'cli.progress.bar': '{label} [{bar}] {settled}/{total}{failed, plural, =0 {} other {, # failed}}',
  'cli.progress.skipped': 'skipped',
  'cli.progress.waiting':
    'waiting: {reason} Ctrl+C stops here and keeps every job for the next run.',
  'cli.progress.resumed': 'going on: there is room on the disk again.',
  'cli.follow.otherOut':
    '{holder} holds this data folder and writes results to {theirs}, not {out}. Run this without --out, or quit the app and run it again.',
  'cli.follow.defaultFolders': 'its default folders',
  'cli.follow.handedOver':
    '{holder} holds this data folder: it runs these jobs, and their progress is shown here. Ctrl+C stops following; the app carries on.',
  'cli.jobs.count': '{count} {state}',
  'cli.jobs.none': 'none',
  'cli.jobs.images': 'images: {list}',
  'cli.jobs.rounds': 'video rounds: {list}',
  'cli.jobs.clips': 'clips: {list}',
  'cli.remove.clipInWindow':
    'clips are cleaned in the window (Images screen, Videos), where WebCodecs decodes them; the command line cannot.',
  'cli.balance.line': '{service}: {quota} (from {host})',
  'cli.balance.failed': '{service}: {problem}',
  'cli.balance.unknown': 'unknown',

  // The command line: removing watermarks.
  'cli.remove.noInputs': 'name at least one image or folder.',
  'cli.remove.noMaskFile': 'the mask file {file} does not exist.',
  'cli.remove.masksWritten': 'Masks written: {files}.',
  'cli.remove.noMasksWritten': 'Masks written: none (no watermark found).',
  // Masks that would be paid for: how much of the image they cover, asked above a share.
  'masks.share':
    '{count, plural, one {The mask covers {largest} of its image.} other {{same, select, yes {The masks each cover {largest} of their image.} other {The masks cover {smallest} to {largest} of their images.}}}}',
  'masks.largeShare':
    '{count, plural, one {# image has a mask over {limit} of it (the largest covers {largest}): the service repaints all of a mask, 1 credit an image.} other {# images have masks over {limit} of them (the largest covers {largest}): the service repaints all of a mask, 1 credit an image.}}',
  'cli.masks.large.usage':
    '  --allow-large-mask  send masks that cover more than {limit} of an image without asking\n                      (asked on a terminal; off one nothing is sent, exit code 2)',
  'cli.remove.askLargeMasks': 'Send them with these masks anyway?',
  'cli.remove.sayLargeMasks':
    'Nothing was sent. Look at the masks (--dry-run lists them, --save-masks writes them), or add --allow-large-mask to send them as they are.',
  'cli.remove.largeMasksRefused':
    'Nothing was sent. Give a smaller mask (--mask-rect or --mask), or mark the images by hand in the window.',
  'images.largeMasks.label': 'Large masks',
  'images.largeMasks.ask':
    '{count, plural, one {Send it anyway, or mark it by hand first?} other {Send them anyway, or mark them by hand first?}}',
  'images.largeMasks.send': 'Send anyway',
  'images.largeMasks.byHand': 'Mark by hand',

  'cli.remove.dryRun':
    'Dry run: {count, plural, one {# image} other {# images}} looked at, nothing was sent and nothing was paid.',
  'cli.remove.cleaning': 'Cleaning',
  'cli.remove.payingAgain':
    '--force: sending {count, plural, one {# file} other {# files}} as a new paid attempt, {credits} in all (files never sent before included).',
  'cli.remove.retryInApp':
    'The app holds this data folder, so files tried before are tried again there: use Check again or Send again (paid) in its window, or quit it and run this command again.',
  'cli.remove.itIs': 'It is {state}.',
  'cli.remove.summary':
    '{done} done, {failed} failed{attention, plural, =0 {} other {, # need your decision (the service may already have them)}}{skipped, plural, =0 {} other {, # not taken (each is listed above with the reason)}}.',
  'cli.plan.drawnMask': 'a drawn mask',
  'cli.plan.unreadableMask':
    'a mask Clearframe cannot read back (its record of the job is damaged)',
  'cli.plan.noMask': 'no mask (the corner the service picks)',
  'cli.plan.alreadyCleaned':
    '{file}: already cleaned with {used}, so {asked} was not used. Add --force to pay for a new attempt with it ({credits}).',
  'cli.plan.forceDamaged': 'From the command line, --force adds it again as a new job ({credits}).',
  'cli.plan.retryFree':
    'Run again with --retry to ask the service again (free); --force pays for a new attempt ({credits}).',
  'cli.plan.forceAgain': '--force sends it again ({credits}, which may be a second payment).',
  'cli.plan.retryLater':
    'Once the cause is fixed, run again with --retry ({credits} if the service takes it).',
  'cli.engine.unknown': '--engine takes service or local.',
  'cli.engine.needsAutoMask':
    '--engine local undoes the blend of a watermark measured across the batch: add --auto-mask (it needs at least 3 images of a size that share the mark).',
  'cli.engine.notLocal':
    'no watermark could be measured for it in this batch (it needs at least 3 images of its size that share the mark), so it was not cleaned: send it with --engine service, or mark it by hand.',
  'cli.engine.groupLocal':
    'Group {number} ({count, plural, one {# image} other {# images}} with the mark): on this computer, free; nothing is sent.',
  'cli.engine.groupLeftOut':
    'Group {number} ({count, plural, one {# image} other {# images}}): not cleaned, {reason}',
  'cli.engine.groupService':
    'Group {number} ({count, plural, one {# image} other {# images}}): the service, {credits}.',

  // The command line: video projects and rounds.
  'cli.video.costUpTo':
    'up to {cost} (auto mode: the model picks the length; {seconds} s at {rate} USD/s is the most it can cost)',
  'cli.video.costAbout': 'about {cost} ({seconds} s at {rate} USD/s)',
  'cli.video.upTo': 'up to {cost}',
  'cli.video.about': 'about {cost}',
  'cli.video.nameProject': 'give the new project a name.',
  'cli.video.created': 'Project "{name}": {projectId}\nShot 1: {shotId}',
  'cli.video.needsPrompt': '--prompt is required: say what the round should show.',
  'cli.video.wholeSeconds': '--duration takes whole seconds, such as 8.',
  'cli.video.noRound': 'There is no round {id}.',
  'cli.video.nameTarget': 'name the project or shot the round belongs to.',
  'cli.video.noTarget': 'There is no project or shot {id}. "clearframe video status" lists them.',
  'cli.video.queuedRound': 'Queued round {position}: {roundId}\nCost: {cost}',
  'cli.video.overCap':
    'Note: everything queued comes to {planned} with what was spent, over the budget cap of {cap}; rounds past the cap will stop before they are paid.',
  'cli.video.overMonthlyCap':
    'Note: everything queued comes to {planned} with what was spent in {month}, over the monthly budget cap of {cap}; rounds past the cap will stop before they are paid.',
  'cli.video.round': 'round {position} {state} {money}',
  'cli.video.charged': 'charged {cost}',
  'cli.video.estimated': 'estimated {cost}',
  'cli.video.demoCost': 'would cost {cost} (demo, not charged)',
  'cli.video.rendering': 'Rendering',
  'cli.video.ran':
    '{done} of {total} rounds done, {charged} charged.{refused, plural, =0 {} other { # stopped by the budget cap or the balance.}}',
  'cli.video.ranDemo':
    '{done} of {total} rounds done; they would cost {charged}, but the built-in simulator made them and nothing was charged.{refused, plural, =0 {} other { # stopped by the budget cap or the balance.}}',
  'cli.video.noProject': 'There is no project {id}. Run "clearframe video status" for the list.',
  'cli.video.project': '{name}  ({id})',
  'cli.video.shot': 'shot {position}  ({id})',
  'cli.video.shotTitled': 'shot {position} "{title}"  ({id})',
  'cli.video.spending': 'Spent {spent}; in flight {inFlight}; queued {queued} if it all runs.',
  'cli.video.nameFile': 'name the CSV or JSON file to import.',
  'cli.video.sayWhere': "say where the rounds go: --project '<'id> or --new '<'name>.",
  'cli.video.importTotal': '{count, plural, one {# round} other {# rounds}}, {total}.',
  'cli.video.cannotAsk':
    'clearframe video import: nothing was queued. Standard input is not a terminal, so Clearframe cannot ask: add --yes to queue these rounds for the cost shown.',
  'cli.video.askQueue': 'Queue {count, plural, one {# round} other {# rounds}} for {total}?',
  'cli.video.nothingQueued': 'Nothing was queued.',
  'cli.video.queuedImport':
    'Queued {count, plural, one {# round} other {# rounds}} in project {projectId}. "clearframe video run" makes them.',
  'cli.video.unknownSub': 'unknown subcommand "{name}".',
  'cli.video.nameSub': 'name a subcommand.',
  'cli.session.demo':
    'Demo mode: using the built-in simulator; nothing is sent to the real service.',
  'cli.session.simulator': 'the built-in simulator (demo mode)',
  'cli.session.unsaidService': 'a service it has not said',
  'cli.session.busy':
    '{holder} is already working in the data folder {folder}. Wait for it to finish (or stop it with Ctrl+C), then run this again.',
  'cli.session.otherService':
    '{holder} holds the data folder {folder} and sends {service} requests to {theirs}, while this command would use {ours}, so it cannot take these jobs. Quit the app and run this again, or run it so both use the same service (with --demo while the app is in demo mode).',
  'cli.session.otherServiceDemo':
    '{holder} holds the data folder {folder} and sends {service} requests to {theirs}, while this command would use {ours}, so it cannot take these jobs. Quit the app and run this again, or run it so both use the same service (without --demo).',
  'cli.session.noWatermarkKey':
    'No watermark API token is set. Run "clearframe key set watermark" (or set {variable}), or add --demo to use the built-in simulator.',
  'cli.session.noVideoKey':
    'No video API key is set. Run "clearframe key set video" (or set {variable}), or add --demo to use the built-in simulator.',
  'cli.key.usage':
    'Usage: clearframe key set|test|clear watermark|video\n  set reads the key from standard input (typed without echo on a terminal), so it never\n  appears in your shell history or the process list.',
  'cli.key.noDemo': 'the built-in simulator needs no key; leave out --demo.',
  'cli.key.removed':
    'The {kind, select, watermark {watermark API token} other {video API key}} was removed from the system keychain.',
  'cli.key.noneStored':
    'No {kind, select, watermark {watermark API token} other {video API key}} was stored.',
  'cli.key.paste':
    'Paste the {kind, select, watermark {watermark API token} other {video API key}} and press Enter (it is not shown):',
  'cli.key.notSet':
    'no {kind, select, watermark {watermark API token} other {video API key}} is set. Run "clearframe key set {kind}".',
  // ── The agent door (clearframe mcp) and its allowance.
  'cli.summary.mcp': 'serve AI agents over MCP (stdio), within a daily allowance',
  'cli.mcp.usage':
    'Usage: clearframe mcp [--credits-per-day=N] [--usd-per-day=X] [--demo] [--data-dir=DIR]\n  An MCP server on standard input and output for AI agents (Claude Desktop, Claude Code…): find the mark, clean images, quote and queue video rounds, see jobs and spending.\n  Paid tools stay within the daily allowance set in Settings (Agent allowance per day) or by these options for this server; without one, nothing paid is sent.',
  'cli.mcp.badCredits': '{option} takes a whole number of credits, 0 or more.',
  'cli.mcp.badUsd': '{option} takes an amount in USD, 0 or more.',
  'mcp.refused.credits':
    'This would spend up to {cost}, and the agent allowance has {left} of {allowance} left today: nothing was sent. To allow it, raise "Agent allowance per day" in Settings, or start the server with --credits-per-day.',
  'mcp.refused.usd':
    'This round would cost up to {cost}, and the agent allowance has {left} of {allowance} left today: nothing was sent. To allow it, raise "Agent allowance per day" in Settings, or start the server with --usd-per-day.',
  'mcp.asked.no':
    'The person answered no in Clearframe\'s window: nothing was sent. Ask them before calling again, or have them raise "Agent allowance per day" in Settings.',
  'mcp.asked.noAnswer':
    'Nobody answered in Clearframe\'s window within {seconds, plural, one {# second} other {# seconds}}: nothing was sent. Call again when someone is there to allow it, or have them raise "Agent allowance per day" in Settings.',
  'mcp.ledgerDamaged':
    'The agent allowance file {file} cannot be read, so nothing paid is sent. Check it, or delete it: the count of today then starts again from zero.',
  'mcp.round.needsProject':
    'Name a project: its id (project) or the name of a new one (project_name). Nothing was sent.',
  'mcp.round.needsLength':
    'Give the round a length in seconds: an open length has no price the allowance can hold to. Nothing was sent.',
  'mcp.round.lost':
    'This call was started before and may have queued its round: look at the rounds (clearframe video status) before calling again with a new intent. Nothing was sent now.',
  'mcp.round.waits':
    'The round is queued behind {count, plural, one {# other round} other {# other rounds}} the agent did not queue: the app or "clearframe video run" sends them all, the agent does not.',
  'settings.agentAllowance.credits': 'Agent allowance per day, watermark credits',
  'settings.agentAllowance.usd': 'Agent allowance per day, video USD',
  'settings.agentAllowance.hint':
    'What an AI agent connected with "clearframe mcp" may spend each day; 0 lets it spend nothing.',
  // ── end of the agent door.
  // ── The agent's question in the window.
  'agentAsk.label': 'A question from an AI agent',
  'agentAsk.who': "{agent} asks to spend past today's agent allowance.",
  'agentAsk.whoUnnamed': "An AI agent asks to spend past today's agent allowance.",
  'agentAsk.position': '{index} of {count}',
  'agentAsk.clean':
    'Send {images, plural, one {# image} other {# images}} to the watermark service for at most {cost}?',
  'agentAsk.round': 'Queue and send a {seconds}-second video round for about {cost}?',
  'agentAsk.places': 'Images from: {places}',
  'agentAsk.morePlaces': '{places} and {more} more',
  'agentAsk.prompt': 'Prompt: {prompt}',
  'agentAsk.hint': 'Nothing is sent before your yes; a no refuses the call.',
  'agentAsk.yes': 'Yes, send',
  'agentAsk.no': 'No',
  'agentAsk.gone': 'The agent had stopped waiting: nothing was sent.',
  // ── end of the agent's question.
  'cli.summary.open': 'stage files and folders in the open Clearframe window',
  'cli.open.usage':
    'Usage: clearframe open PATH... [--data-dir=DIR]\n  Stages the images and folders in the running Clearframe window, as if they were dropped there.',
  'cli.open.nothing': 'name at least one file or folder to open.',
  'cli.open.missing': '{path} does not exist; it was left out.',
  'cli.open.notRunning':
    'Clearframe is not open on the data folder {folder}. Start Clearframe and run this again, or clean the files from here with "clearframe remove".',
  'cli.open.commandHolds':
    '{holder} is using the data folder {folder}, not the Clearframe app. Start Clearframe once that has finished, and run this again.',
  'cli.open.noAnswer':
    '{holder} did not answer. Drop the files on its window, or restart Clearframe and run this again.',
  'cli.open.sent':
    '{count, plural, one {# item was} other {# items were}} handed to the Clearframe window.',
  'cli.spending.head':
    "Video spending, {projects}, {months} (months in this computer's time zone):",
  'cli.spending.everyProject': 'every project',
  'cli.spending.project': 'project {id}',
  'cli.spending.everyMonth': 'every month',
  'cli.spending.line': '{when}  {project}, shot {shot} round {round}{prompt}  {cost}  {status}',
  'cli.spending.length': '{seconds} s × {rate} USD/s = {cost}',
  'cli.spending.removed': '{project} (removed)',
  'cli.spending.demo': 'demo: would cost, not charged',
  'cli.spending.charged': 'charged',
  'cli.spending.estimated': 'estimate: the service did not say',
  'cli.spending.inFlight': 'sent, not over: estimate',
  'cli.spending.nothing': 'nothing was sent to the service.',
  'cli.spending.byMonth': 'By month:',
  'cli.spending.byProject': 'By project:',
  'cli.spending.row': '{name}: {sum}',
  'cli.spending.sum': '{spent} spent, {inFlight} in rounds sent and not over',
  'cli.spending.sumWithDemo':
    '{spent} spent, {inFlight} in rounds sent and not over; demo rounds would have cost {demo}',
  'cli.spending.total': 'Total: {sum}.',
  'cli.spending.saved': 'Saved {count, plural, one {# charge} other {# charges}} as {path}',
  'cli.spending.savedWithDemo':
    'Saved {count, plural, one {# charge} other {# charges}} and {demo, plural, one {# demo round} other {# demo rounds}}, which nobody charged, as {path}',
  'cli.spending.badMonth': '--month {month} is not a month. {hint}',
  'cli.spending.noProject': '{problem} "clearframe video status" lists the projects and their ids.',
  'cli.masks.anchorValues': '--mask-anchor takes one of {anchors}.',
  'cli.masks.rectForm':
    '{option} takes x,y,width,height in image pixels, such as 1200,900,400,120.',
  'cli.masks.pixels': '--mask-grow and --mask-shrink take a whole number of pixels from 1 to 1000.',
  'cli.masks.notBoth': 'give --mask or {other}, not both.',
  'cli.masks.anchorAlone':
    '--mask-anchor says where --mask-rect or --mask-clear-outside is measured from: give one of them too.',
  'cli.masks.saveNeedsAuto': '--save-masks writes the masks --auto-mask finds: add --auto-mask.',
  'cli.masks.toolsAlone':
    'the mask tools change a mask: give --mask-rect, --mask or --auto-mask too.',
  'cli.masks.outside':
    '{file} is {size}, and {rect} reaches outside it, so nothing was sent. Give a rectangle inside every image, or measure it from the corner the watermark is near with --mask-anchor.',
  'cli.masks.outsideNeeds':
    '{file} is {size}, and {rect} reaches outside it (it needs at least {needed}), so nothing was sent. Give a rectangle inside every image, or measure it from the corner the watermark is near with --mask-anchor.',
  'cli.masks.ofSize': '{count, plural, one {# image} other {# images}} of {sizes}',
  'cli.masks.ofSizes':
    '{count, plural, one {# image} other {# images}} of {sizeCount} sizes, measured from the {corner} corner',
  'cli.masks.none': 'No shared watermark found in {where}: they are sent without a mask.',
  'cli.masks.box': '{size} at {x},{y}',
  'cli.masks.found':
    'Watermark found in {present} of {where}: {boxes} (the mask covers {share} of the image).',
  'cli.masks.score': '{file} (score {score})',
  'cli.masks.notOn': 'Not on {files}: sent without a mask.',
  'cli.masks.tooFew':
    '{files}: {reason} With --mask-rect {count, plural, one {it gets} other {they get}} that rectangle; without, no mask.',
  'cli.masks.empty':
    '{file}: the mask tools leave its mask empty, so nothing was sent: shrink it less, or clear outside a larger rectangle.',
  'cli.masks.refused':
    'No watermark shared by {where}: what stands out would cover {share} of each image, so it is not used; they are sent without a mask (give one with --mask or --mask-rect).',
  'cli.masks.unsure':
    '{file}: {reason} It is left out: nothing is sent for it (give it a mask with --mask or --mask-rect).',
  'cli.masks.sayWhole':
    '{problem} Say which it means: add --mask-whole to repaint the whole of each image, or leave out --mask and the service looks for the watermark itself.',
  'cli.masks.askWhole': '{problem} Repaint the whole of each image with it?',
  'cli.masks.wholeRefused':
    'Nothing was sent. Leave out --mask and the service looks for the watermark itself, or give a mask that marks only the watermark.',
  'cli.masks.wholeNeedsMask': '--mask-whole says what a --mask file means: give --mask too.',
  'main.menu.checkForUpdates': 'Check for Updates…',
  'main.menu.file': 'File',
  'main.menu.openLogs': 'Open Logs Folder',
  'main.menu.help': 'Clearframe Help',
  'main.dialog.exportTakes': 'Export the project’s takes',
  'main.dialog.spendingCsv': 'Save the spending CSV in',
  'main.dialog.importMask': 'Import a mask',
  'main.dialog.chooseFolders': 'Choose folders of images',
  'main.dialog.images': 'Images',
  'main.dialog.referenceImage': 'Choose a picture as a reference',
  'main.dialog.exportMask': 'Export the mask',
  'main.dialog.saveFilm': 'Save the film in',
  'main.notice.batchFinished': 'The batch has finished.',
  'main.updates.latest': 'Clearframe {version} is the latest version.',
  'main.updates.title': 'Update available',
  'main.updates.available': 'Clearframe {version} is available (you have {current}).',
  'main.updates.availableShort': 'Clearframe {version} is available.',
  'main.updates.install': 'Install and Restart',
  'main.updates.later': 'Later',
  'main.updates.failed': 'Could not check for updates. Check your connection and try again later.',
  'main.updates.offDevelopment': 'Updates are off in development builds.',
  'main.updates.offDemo': 'Updates are off in demo mode; add a key to turn them on.',
  'main.updates.offSetting': 'Updates are turned off in Settings.',
  'main.updates.noNotes': 'No release notes.',
  'cli.simulator.usage':
    'Usage: clearframe simulator [--port N]\n  Runs the local stand-in for the service until Ctrl+C (on any free port unless --port says).',
  'cli.simulator.badPort': 'clearframe simulator: --port must be a whole number from 0 to 65535.',
  'cli.simulator.watermark': 'watermark base URL',
  'cli.simulator.video': 'video base URL',
  'cli.simulator.key': 'demo key',
  'cli.simulator.requestLog': 'request log',
  'cli.simulator.stop': 'Press Ctrl+C to stop.',
  'main.startFailure.title': 'Clearframe could not start',
  'main.startFailure.bodyNoLog':
    '{what}\n\nNo log could be written, in the data folder or the temporary folder.\nTry starting Clearframe again; if it fails the same way, copy this message into your report.',
  'main.startFailure.body':
    '{what}\n\nThe details are in the log: {logFile}\nTry starting Clearframe again; if it fails the same way, send that file with your report.',
  // ── end of Command line and main process.

  // ── Engine, jobs and clients: keys of their sentences go below this line.
  'core.api.parameter':
    'The service refused the request: {reason}. Change the input and try again.',
  'core.api.method':
    'The service refused how Clearframe called it. Please report this with the diagnostics.',
  'core.api.authentication':
    'The service did not accept the API key. Check or replace it in Settings.',
  'core.api.videoBalance':
    'The video API balance is too low for this request. Top up the balance in your account, then retry.',
  'core.api.watermarkCredits':
    'There are not enough watermark credits left. Buy more credits in your account, then retry.',
  'core.api.rateLimited':
    'The service is busy and asked Clearframe to slow down. It will retry by itself.',
  'core.api.server': 'The service had an internal problem. Try again in a few minutes.',
  'core.api.network': 'Clearframe could not reach the service. Check the internet connection.',
  'core.api.timeout': 'The service did not answer in time. Try again later.',
  'core.api.aborted': 'Stopped.',
  'core.api.unexpected':
    'The service sent an answer Clearframe does not understand. Try again later.',
  'core.api.download':
    'The result could not be downloaded: {reason}. Use Check again to ask the service for a fresh link (free); it is not sent again.',
  'core.api.proxyUnusableSystem':
    'The system proxy settings send connections to {host} through {named}, which Clearframe cannot use. Clearframe works with HTTP and HTTPS proxies only: add one to the system proxy settings, or set HTTPS_PROXY to one (http://host:port), then try again.',
  'core.api.proxySocks': 'a SOCKS proxy ({address})',
  'core.api.proxyUnknownKind': 'a proxy of a kind it does not know ("{entry}")',
  'core.api.proxyNotAddress':
    '{variable} is not a proxy address. Clearframe works with HTTP and HTTPS proxies only: add one to the system proxy settings, or set HTTPS_PROXY to one (http://host:port), then start Clearframe again.',
  'core.api.proxyUnusableVariable':
    '{variable} names {scheme, select, socks {a SOCKS proxy} other {a {scheme} address}} ({host}), which Clearframe cannot use. Clearframe works with HTTP and HTTPS proxies only: add one to the system proxy settings, or set HTTPS_PROXY to one (http://host:port), then start Clearframe again.',
  'core.api.proxyCredentials':
    'The proxy asks for a user name and password. Put them in the proxy address (http://user:password@host:port) in HTTPS_PROXY or the system proxy settings, then try again.',
  'core.api.proxyRefused':
    "The proxy would not open a connection to the service (it answered HTTP {status}). Check the proxy settings, or ask whoever runs the proxy to allow the service's address.",
  'core.api.deadline': 'the task did not finish within {minutes} minutes',
  'core.jobs.stoppedWaiting':
    'Clearframe stopped waiting: {reason}. The service still holds the task; use Check again later to ask for it (free). Send again would pay again.',
  'core.jobs.unknownStatus':
    'The service kept answering with a status Clearframe does not know ("{status}") until it stopped waiting. The service still holds the task; use Check again later to ask for it (free). Send again would pay again.',
  'core.jobs.linkGone':
    'The {what, select, clip {clip\'s link} other {result link}} stopped working, and asked again the service answered "{status}" with no new link. Use Check again later (free); Send again would pay again.',
  'core.import.cannotRead':
    'Clearframe cannot read {name}: {why, select, missing {there is no such file} folder {it is a folder} denied {you may not open it} other {it cannot be read}}. Check the name and that you may open the file, then import it again.',
  'core.import.notText':
    '{name} is not a text file. Save the rounds as CSV (from a spreadsheet: File, Save as, CSV) or as JSON, then import that file.',
  'core.import.columnList': '{first} and {last}',
  'core.import.empty':
    '{name} holds no rounds. Give one round a row, with a header row naming the columns ({columns}), or a JSON list of rounds.',
  'core.import.badCsv':
    '{name} is not a CSV file Clearframe can read{line, select, none {} other { (line {line})}}: {detail}. Every row needs as many fields as the header, and a field with a comma or a line break goes in double quotes.',
  'core.import.unknownColumn':
    '{name} has a column Clearframe does not read: {found}. The columns are {columns}; rename or remove that column.',
  'core.import.noPrompt':
    '{name} has no "prompt" column. The first row names the columns ({columns}); every round needs a prompt.',
  'core.import.badJson':
    '{name} is not valid JSON ({detail}). Correct it, or save the rounds as CSV.',
  'core.import.notList':
    '{name} must hold a JSON list of rounds, such as [\'{\'"prompt": "gulls over the harbour", "duration": 5\'}\'].',
  'core.import.notCsvOrJson':
    '{name} is not a CSV or JSON file. Rounds are imported from a .csv file (a spreadsheet saved as CSV) or a .json file.',
  'core.import.rowLabel': 'Row {line}',
  'core.import.roundLabel': 'Round {index} (line {line})',
  'core.import.shot':
    '{titled, select, true {Shot {position} "{title}"} other {Shot {position}}}{isNew, select, true { (new)} other {}}',
  'core.import.refused':
    'Nothing was queued from {file}: {rows, plural, one {one round breaks} other {# rounds break}} a rule. {problems} Correct the file and import it again.',
  'core.import.projectGone': 'That project no longer exists; choose another.',
  'core.rounds.noShot': 'There is no shot {shot}.',
  'core.rounds.noRound': 'There is no round {round}.',
  'core.rounds.malformed': 'The request is malformed ({detail}).',
  'core.rounds.refused': 'This round cannot be sent as it is. {problems} Nothing was charged.',
  'core.rounds.notFinished': 'This round has not finished yet; extend it once its clip is ready.',
  'core.rounds.noLastFrame':
    'This round was made without "return last frame", so the service kept no frame to start from. Extend it in the window, which takes the last frame from the clip, or start the next round from an image of your own.',
  'core.rounds.needsAsset':
    'The service takes a reference video only as an uploaded asset (asset://…), and this clip came back as a download link. Upload {clip} to your account on the provider\'s site, then give its asset:// address here; or use "Extend from last frame", which needs no upload.',
  'core.rounds.theClip': 'the clip',
  'core.rounds.frameUnreadable':
    'The frame taken from the clip is not an image Clearframe can read: play the clip once, then extend it again.',
  'core.rounds.frameSize':
    'The frame taken from the clip is {frame}, the clip {clip}: extend it again.',
  'core.rounds.noProjectHere': 'There is no project {project} in this data folder.',
  'core.rounds.nameProject': 'Give the project a name.',
  'core.rounds.gone':
    'That {kind, select, project {project} shot {shot} other {round}} no longer exists.',
  'core.rounds.stillOpen':
    '{kind, select, project {{count, plural, one {A round of this project is still waiting, running or waiting for your decision: cancel it or let it finish, then remove the project.} other {# rounds of this project are still waiting, running or waiting for your decision: cancel them or let them finish, then remove the project.}}} shot {{count, plural, one {A round of this shot is still waiting, running or waiting for your decision: cancel it or let it finish, then remove the shot.} other {# rounds of this shot are still waiting, running or waiting for your decision: cancel them or let them finish, then remove the shot.}}} other {{count, plural, one {A round of this round is still waiting, running or waiting for your decision: cancel it or let it finish, then remove the round.} other {# rounds of this round are still waiting, running or waiting for your decision: cancel them or let them finish, then remove the round.}}}}',
  'core.rounds.notThisShot': 'That round is not one of this shot’s.',
  'core.rounds.takeNeedsClip': 'Only a finished round with its clip can be the shot’s take.',
  'core.rounds.promptUnknown':
    'Round {position} was added from the service\'s task list, so its prompt is not known here, and Clearframe will not pay for a stand-in. Write the prompt in the round editor ("Write prompt…" fills in the rest), then queue it.',
  'core.rounds.roundGone': 'That round no longer exists.',
  'core.rounds.taskInShot': 'That task is already in a shot.',
  'core.watermark.maskFileGone':
    'The mask file {file} cannot be read; check that it still exists, then retry.',
  'core.watermark.noMeasurement':
    '{name} was queued for this computer without a measurement of the watermark: find the watermark again, or send it to the service.',
  'core.jobs.roundUnknownOutcome':
    'The connection failed while this round was being sent, and the service lists no task that is clearly it, so it may or may not have been charged. Check your account, then send it again or cancel it.',
  'core.jobs.roundUnknownOutcomeDamaged':
    'Its sending was cut off, so it may or may not have been charged, and without its request no task on the service can be told to be it. Check your account, then write the round again ("Write prompt…" in the app).',
  'core.jobs.imageUnknownOutcome':
    'The service may have received this image before the connection failed, so it may already have used a credit. Send it again only if you accept that.',
  'core.jobs.roundReported': 'The service reported the round as {status}.',
  'core.jobs.noVideo': 'The service finished the round but gave no video.',
  'core.clips.refused':
    '{reason, select, noVideo {{name} holds no video track.} noEncoder {This computer cannot encode {name} at its size: neither H.264 nor VP9 is available.} soundContainer {The sound of {name} cannot go into a WebM file, and H.264 in MP4 cannot be written on this computer.} noMark {No mark holds still over the whole of {name}: a mark that moves, or sits elsewhere from one scene to the next, cannot be lifted from a clip.} markTooLarge {What holds still in {name} covers too much of the picture to be a logo: is it a still shot, or a border?} markMoves {The mark in {name} sits in one place in one scene and elsewhere in another: cut the clip at the scene change and drop each part on its own.} tooFewFrames {{name} is too short or too still to find its mark: at least 60 different frames are needed.} pixelFormat {The frames of {name} are not 8-bit 4:2:0, the only picture format the clean-up reads.} other {{name} could not be cleaned.}}',
  'core.clips.lost': 'The cleaned clip of {name} was lost before it could be saved: run it again.',
  'core.clips.failed':
    'Cleaning {name} stopped in the window ({detail}). Try again: the parts already cleaned are kept; if it stops again, open the clip in a player to check it plays to the end.',
  'core.clips.segmentsDamaged':
    'The record of the parts of {name} already cleaned was damaged, so it is being cleaned again from its first frame rather than saved broken.',
  'core.clips.stopped': 'Stopped cleaning the clip; nothing was saved under its name.',
  'core.jobs.imageReported': 'The service reported {status}.',
  'core.jobs.failedOnService': '{reason} Send again pays for a new attempt.',
  'core.jobs.damagedRecord':
    "Clearframe's record of this {what, select, image {image} other {round}} is damaged: {problem}. {advice}",
  'core.jobs.damagedImageAdvice': 'Nothing more is sent for it: cancel it and add the image again.',
  'core.jobs.damagedRequestAdvice':
    'It is not sent as it is: write the round again ("Write prompt…" in the app).',
  'core.jobs.damagedClipsAdvice':
    'Its clips, if it made any, stay where they were saved; to go on from it, write a new round.',
  'core.jobs.storedNotJson': 'its {source} is not valid JSON ({detail})',
  'core.jobs.storedWrongShape':
    'its {source} does not hold what Clearframe writes there ({detail})',
  'core.jobs.storedUnexpected': 'unexpected value',
  'core.jobs.databaseDamaged':
    'The job database is damaged ({detail}). Clearframe can set it aside and start with an empty queue; your images and results on disk are not touched.',
  'core.jobs.ownResult': 'This is a result Clearframe wrote (from {source}).',
  'core.jobs.ownResultCopy': 'This is a copy of a result Clearframe wrote (from {source}).',
  'core.jobs.alreadyCleaned':
    'It was already cleaned with the same mask (result: {result}), so it is not sent again.',
  'core.jobs.cleanedBefore':
    'Cleaned before ({when}) into {result}. With the same mask it is not sent again unless you choose "Clean again".',
  'core.jobs.roundPollingStopped':
    'Polling stopped. The service may still finish this round and charge for it.',
  'core.jobs.imagePollingStopped':
    'Polling stopped. The service may still process this image and use a credit.',
  'core.fetch.plainHttp': 'plain http to {host} is not fetched, only https',
  'core.fetch.scheme': 'only http and https URLs are downloaded, not {scheme}',
  'core.fetch.noLocation': 'the server answered HTTP {status} without saying where to go',
  'core.fetch.tooManyRedirects': 'the link redirected more than {max} times',
  'core.fetch.badRedirect': 'the link redirected to an address that is not valid',
  'core.fetch.downgrade':
    'the link redirected from https to plain http ({host}), which is not followed',
  'core.fetch.redirectedElsewhere': 'the link redirected elsewhere: {problem}',
  'core.fetch.notPlainName': '"{name}" is not a plain file name',
  'core.fetch.outside': '"{name}" would be written outside {folder}',
  'core.fetch.incomplete': 'the transfer did not complete',
  'core.fetch.gone': 'the result is no longer on the server (HTTP {status})',
  'core.fetch.expired': 'the result link has expired or was refused (HTTP 403)',
  'core.fetch.serverAnswered': 'the result server answered HTTP {status}',
  'core.fetch.tooBig': 'the result is {bytes} bytes, more than the {max} bytes allowed',
  'core.fetch.grewTooBig': 'the result grew past the {max} bytes allowed',
  'core.import.referencesList':
    'the references must be a list of addresses, such as ["image=https://…"]',
  'core.import.referenceType':
    'say what reference {number} is: write image=, video= or audio= before its address',
  'core.import.referenceOneAddress':
    'reference {number} needs one address; separate references with |',
  'core.import.referenceLocalFile':
    'reference {number} is a file on this computer ({url}), and the service takes references only by address: upload it to your account on the provider\'s site and give its asset:// address (add "from {url}" after it to have it checked here)',
  'core.import.referenceNotAddress':
    'reference {number}, {url}, is not an address (asset:// or https://) and there is no such file either',
  'core.import.referenceNoFile':
    'reference {number} names the file {file}, and there is no such file: correct the name, or leave "from …" out',
  'core.import.referenceFileProblem': "reference {number}'s file {file}: {problem}",
  'core.import.referenceProblem': 'reference {number}: {problem}',
  'core.import.referenceUnreadable':
    'reference {number}\'s file {file} could not be read as a {type, select, video {video} other {sound}}: name the file it was uploaded from, or leave "from …" out',
  'core.import.durationWhole':
    'the duration must be a whole number of seconds, such as {example}; "{given}" is not',
  'core.import.notObject':
    'each round must be an object with a prompt, such as \'{\'"prompt": "gulls over the harbour"\'}\'',
  'core.import.unknownField': 'the field "{field}" is not one Clearframe reads ({columns})',
  'core.import.unknownKind': 'the kind "{kind}" is not one Clearframe knows; use {kinds}',
  // ── end of Engine, jobs and clients.

  // ── Engine, media, files, keys and settings: keys of their sentences go below this line.
  'core.intake.notAnImage':
    'This file is not an image, whatever its name says. Add a JPEG, PNG, WebP, AVIF, HEIC, TIFF or GIF file.',
  'core.intake.unsupported':
    '{type} images are not accepted. Convert it to PNG or JPEG and add it again.',
  'core.intake.gone':
    'The file is no longer there: it may have been moved, renamed or deleted. Add it again from where it is now.',
  'core.intake.unreadable':
    'The file cannot be read ({why}). Check that Clearframe may open it, then add it again.',
  'core.intake.empty': 'The file is empty. Check that it finished copying, then add it again.',
  'core.intake.corrupt':
    'The image is damaged or incomplete and cannot be read. Open it in another program to check it, then add it again.',
  'core.intake.noSize': 'The image has no size. It may be damaged; add another copy.',
  'core.intake.tooManyPixels':
    'The image has {megapixels} megapixels, more than the {limit} allowed. Raise the limit in Settings or choose to downscale large images.',
  'core.probe.unreadable':
    'The file cannot be read. Check that it exists and that you may open it.',
  'core.probe.damaged': 'The image is damaged or incomplete and cannot be read.',
  'core.probe.cutShort':
    'The image is damaged or cut short: not all of its pixels can be read. Open it in another program to check it, or copy it again.',
  'core.maskImport.unreadable':
    'The mask file cannot be read as an image. Export it as PNG and try again.',
  'core.maskImport.otherShape':
    "The mask is {mask} but the image is {image}, a different shape. Export the mask at the image's size.",
  'core.maskImport.marksNothing':
    'The mask marks nothing: paint the areas to remove in white (or any colour) on black.',
  'core.maskImport.mostlyMarked':
    'The mask covers {percent} % of the image, so most of it will be repainted. Check that it is not inverted.',
  'core.maskImport.allWhite':
    'The mask is white all over: as a white-on-black mask it marks the whole image, but under the service’s rule (white marks nothing) it marks nothing.',
  'core.maskImport.allMarked':
    'The mask marks every pixel: the whole image would be repainted, not only the watermark.',
  'core.unblend.otherSize':
    '{file} is {size} pixels, but the watermark was measured on {measured} images: send it to the service, or find the watermark again with it among the images.',
  'core.unblend.estimateMissing':
    'The measurement of the watermark ({file}) is missing: find the watermark again, or send these images to the service.',
  'core.unblend.estimateDamaged':
    'The measurement of the watermark ({file}) is damaged ({why}): find the watermark again, or send these images to the service.',
  // Watermark profiles (issue #39).
  'core.profiles.noFile':
    'There is no file {file}: check the path, or give the name of a saved profile.',
  'core.profiles.unreadable':
    '{file} is not a watermark profile this Clearframe can read (damaged, cut short, or made by another program or version): export it again from the Clearframe that made it, or find the watermark again and save a new profile.',
  'core.profiles.unknown':
    'There is no watermark profile called “{name}” and no such file: save one after Find the watermark, or give the path of an exported profile.',
  'core.profiles.exists':
    'A profile called “{name}” already exists: choose another name, or delete that one first.',
  'core.profiles.doesNotFit':
    'The mark of the profile “{name}”, measured on {measured} images, does not fit this {size} image: mark it by hand, or find the watermark in a batch of its own size.',
  'ipc.problem.profileName':
    'Give the profile a name of 1 to 80 characters, without / \\ : * ? " < > |.',
  'cli.profile.usage':
    '  --profile name|file\n                      clean each image on this computer, free, with a saved watermark\n                      profile (by its name) or an exported one (its file); images its\n                      mark does not fit are left out and named',
  'cli.profile.conflict':
    '--profile brings its own mask and engine: leave out --auto-mask, --mask, --mask-rect and --engine service.',
  'cli.profile.using':
    'Profile “{name}”: the mark measured on {count, plural, one {# image} other {# images}} of {size}, cleaned on this computer, free.',
  'core.profiles.findAgain':
    'The measured watermark is no longer kept: find the watermark again, then save the profile.',
  'cli.summary.watch': 'clean every new image in a folder with a watermark profile',
  'cli.watch.usage':
    "Usage: clearframe watch [DIR --profile=NAME|FILE [--recursive] [--engine=local|service --credits-per-day=N]] [--list] [--pause DIR] [--forget DIR] [--json] [--demo] [--data-dir=DIR]\n  Adds DIR to the watched folders (kept in the data folder) and watches every one until Ctrl+C: each new image is cleaned once with the profile when it has finished arriving, and the results go where the output settings say. With no DIR, the list is resumed as it is; images cleaned before are not cleaned again.\n  --engine service sends them to the paid service with the profile's mark as the mask, at most --credits-per-day credits a day; past that the watch stops with a notice.",
  'cli.watch.noFolder': '{folder} is not a folder: name the folder to watch.',
  'cli.watch.noProfile':
    'name the watermark profile to clean with: --profile NAME or --profile FILE.',
  'cli.watch.badEngine': '--engine takes local or service.',
  'cli.watch.needsLimit':
    'paid watching needs a limit per day: add --credits-per-day N (the most credits it may spend in a day).',
  'cli.watch.oneFolder': 'name one folder at a time.',
  'cli.watch.notWatched':
    '{folder} is not watched; clearframe watch --list shows the watched folders.',
  'cli.watch.forgotten': '{folder} is no longer watched. Its results stay where they are.',
  'cli.watch.paused':
    'Watching {folder} is paused. Run clearframe watch {folder} --profile NAME to resume it.',
  'cli.watch.none': 'No folder is watched. Add one with: clearframe watch DIR --profile NAME',
  'cli.watch.line':
    '{folder}: profile “{profile}”{recursive, select, yes {, with its sub-folders} other {}}, {engine, select, service {paid, {spent} of {limit} credits spent today} other {on this computer, free}}{paused, select, yes { (paused)} other {}}',
  'cli.watch.appHolds':
    'The Clearframe app is using the data folder {folder}. Close it, then run clearframe watch again.',
  'cli.watch.skipped': '{file} is not taken: {reason}',
  'cli.watch.watching':
    'Watching {folder}: each new image is cleaned with the profile “{profile}” on this computer, free. Press Ctrl+C to stop.',
  'cli.watch.watchingPaid':
    'Watching {folder}: each new image is sent to the service with the profile “{profile}”, at most {limit, plural, one {# credit} other {# credits}} a day. Press Ctrl+C to stop.',
  'cli.watch.notStarted': '{folder} is not watched this time: {problem}',
  'core.watch.listDamaged':
    'The list of watched folders ({file}) cannot be read. Delete that file, then add the folders again with clearframe watch.',
  'core.watch.limitReached':
    "Watching {folder} stopped: today's limit of {limit, plural, one {# credit} other {# credits}} is used up, and nothing more is sent today. {waiting, plural, one {# image waits} other {# images wait}}; raise the limit with --credits-per-day, or run clearframe watch again tomorrow.",
  // Watched folders in the window (#39).
  'core.watch.limitReachedApp':
    "Watching {folder} stopped for today: today's limit of {limit, plural, one {# credit} other {# credits}} is used up, and nothing more is sent today. {waiting, plural, one {# image waits} other {# images wait}}: taken tomorrow within that day's limit, or now if you add the folder again with a higher limit.",
  'core.watch.noFolder': '{folder} is not a folder: choose the folder to watch again.',
  'core.watch.needsLimit':
    'Paid watching needs a limit per day: enter the most credits it may spend in a day.',
  'core.watch.notWatched':
    '{folder} is not watched any more (it was forgotten meanwhile): add it again to watch it.',
  'core.watch.notStarted': 'Not watched now: {problem}',
  'core.watch.leftOut': '{name} is not taken: {reason}',
  'core.watch.notReserved':
    "The credits for {count, plural, one {# image} other {# images}} in {folder} could not be committed, because the list of watched folders changed meanwhile (another process spent from today's limit, or the watch was changed): nothing was sent for them, and they are looked at again in a moment.",
  'core.watch.stayedEmpty':
    'It has stayed empty (0 bytes) since it appeared: copy it again, or delete it.',
  'watches.summary': 'Watched folders: {count, plural, =0 {none} one {# folder} other {# folders}}',
  'watches.empty':
    'No folder is watched. Add one below: every new image that finishes arriving in it is cleaned with a profile, and its result goes where the output settings say.',
  'watches.needProfile':
    'To watch a folder, first save a watermark profile (Watermark profiles, above).',
  'watches.line':
    'profile “{profile}”{recursive, select, yes {, with its sub-folders} other {}} · {engine, select, service {paid: {spent} of {limit} credits spent today} other {on this computer, free}}',
  'watches.watching': 'Watching',
  'watches.paused': 'Paused: new images are not taken',
  'watches.notRunning': 'Not watched now: see the note below',
  'watches.pause': 'Pause',
  'watches.resume': 'Resume',
  'watches.forget': 'Forget',
  'watches.recent': 'Files taken last from {folder}',
  'watches.fileLine': '{name} — {status}',
  'watches.needsLook': 'Needs a look: {why}',
  'watches.failedStatus': '{state}: {error}',
  'watches.addTitle': 'Watch a folder',
  'watches.folder': 'Folder to watch',
  'watches.noFolderYet': 'No folder chosen yet',
  'watches.chooseFolder': 'Choose a folder…',
  'watches.profile': 'Clean with the profile',
  'watches.recursive': 'Include its sub-folders',
  'watches.engine': 'Who cleans',
  'watches.engineLocal': 'On this computer — free',
  'watches.engineService': 'The service — paid, within a limit per day',
  'watches.limit': 'Most credits a day',
  'watches.cost':
    'Each image costs {cost, plural, one {# credit} other {# credits}}. Enter the most credits a day it may spend: nothing is sent past it.',
  'watches.costWithLimit':
    'Each image costs {cost, plural, one {# credit} other {# credits}}: at most {limit, plural, one {# credit} other {# credits}} a day, that is {images, plural, one {# image} other {# images}}; past that the watch waits for the next day.',
  'watches.add': 'Watch this folder',
  'main.dialog.profiles': 'Watermark profiles',
  'main.dialog.exportProfile': 'Export the watermark profile',
  'main.dialog.importProfile': 'Import a watermark profile',
  'profiles.summary':
    'Watermark profiles: {count, plural, =0 {none yet} one {# saved} other {# saved}}',
  'profiles.saveLabel': 'Save the measured watermark as a profile',
  'profiles.namePlaceholder': 'Name, e.g. Studio logo',
  'profiles.save': 'Save',
  'profiles.empty':
    'No profiles yet. Once Find the watermark has measured a mark for this computer, save it here: later images with the same mark are then cleaned free, without a batch.',
  'profiles.line':
    '{size} · measured on {count, plural, one {# image} other {# images}} · {placement, select, topLeft {top-left corner} topRight {top-right corner} bottomLeft {bottom-left corner} bottomRight {bottom-right corner} other {this size only}}',
  'profiles.use': 'Use on the staged images',
  'profiles.export': 'Export…',
  'profiles.delete': 'Delete',
  'profiles.import': 'Import a profile…',
  'profiles.used':
    '{count, plural, one {# staged image gets} other {# staged images get}} the profile “{name}”: Start cleans {count, plural, one {it} other {them}} on this computer, free.',
  'profiles.leftOut': '{name}: {reason}',
  'profiles.saved': 'Saved the profile “{name}”.',
  'profiles.exported': 'Exported to {path}.',
  'profiles.imported': 'Imported the profile “{name}”.',
  'core.film.notVideo':
    '{label}’s clip could not be read as a video: make that take again, or choose another.',
  'core.film.clipGone':
    '{label}’s clip is no longer at {file}: put it back, or choose another take.',
  'core.film.changed': '{label}’s clip changed while it was being joined: try again.',
  'core.film.nothing': 'There is nothing to join: make a take of a shot first.',
  'core.film.damagedSettings':
    '{clip}’s clip has damaged H.264 settings: make that take again, or choose another.',
  'core.film.unknownCodec': 'unknown',
  'core.film.otherFormat':
    'These takes cannot be joined without re-encoding: {clip}’s clip is {theirs}, {first}’s {ours}; make the takes with the same video format, or choose takes that are.',
  'core.film.otherSize':
    'These takes cannot be joined without re-encoding: {clip}’s clip is {theirs}, {first}’s {ours}; make the takes the same resolution (the same ratio and quality), or choose takes that are.',
  'core.film.otherTurn':
    'These takes cannot be joined without re-encoding: {clip}’s clip is turned {theirs}°, {first}’s {ours}°; choose takes that are turned alike.',
  'core.film.otherColour':
    'These takes cannot be joined without re-encoding: {clip}’s clip has {theirs}, {first}’s {ours}; make the takes with the same colour settings, or choose takes that are.',
  'core.film.colourRange': '{full, select, true {full-range colour} other {limited-range colour}}',
  'core.film.colourMatrix': '{value} colour matrix',
  'core.film.colourPrimaries': '{value} colour primaries',
  'core.film.colourTransfer': '{value} transfer curve',
  'core.film.otherRate':
    'These takes cannot be joined without re-encoding: {clip}’s clip runs at {theirs} frames a second, {first}’s at {ours}; make the takes at the same frame rate, or choose takes that are.',
  'core.film.soundOnlyHere':
    'These takes cannot be joined without re-encoding: {clip}’s clip has sound, {first}’s has none; make every take with sound or every one without, or choose takes that are.',
  'core.film.soundOnlyThere':
    'These takes cannot be joined without re-encoding: {clip}’s clip has no sound, {first}’s has; make every take with sound or every one without, or choose takes that are.',
  'core.film.soundEncoding':
    'These takes cannot be joined without re-encoding: {clip}’s clip has its sound encoded with other settings, {first}’s does not; make the takes with the same sound settings, or choose takes that are.',
  'core.film.otherSound':
    'These takes cannot be joined without re-encoding: {clip}’s clip has {theirs}, {first}’s {ours}; make the takes with the same sound settings, or choose takes that are.',
  'core.film.sound':
    '{codec} sound at {rate} Hz in {channels, plural, one {# channel} other {# channels}}',
  'core.files.diskFull':
    'The disk holding {folder} is full: free some space there, or choose another folder, and {again}.',
  'core.files.notWritable':
    'Clearframe may not write in {folder}: choose another folder, and {again}.',
  'core.files.noFreeName': 'No free name was found for {what} in {folder}.',
  'core.keys.cannotSave': 'The key cannot be saved: {why}',
  'core.lock.holderApp': 'the Clearframe app (pid {pid}, since {since})',
  'core.lock.holderCommand': '"{command}" (pid {pid}, since {since})',
  'core.settings.newer':
    'they were saved by a newer Clearframe (settings version {version}; this one knows {known})',
  'core.settings.noMigration': 'this Clearframe cannot read settings version {version}',
  'core.settings.setAside':
    'Your settings could not be read ({why}), so the defaults are in use. The old file was kept as {aside}.',
  'core.settings.leftInPlace':
    'Your settings could not be read ({why}), so the defaults are in use. The file was left as it is, at {file}; settings cannot be saved until it is readable or removed.',
  'core.settings.keptInPlace': '{file} could not be read ({why}) nor moved aside ({whyNotMoved})',
  'core.settings.cannotSave':
    'Settings cannot be saved: {why}. Make it readable, or move it away, then restart Clearframe.',
  'core.settings.folderNotWritable':
    'Settings cannot be saved in {folder} ({why}). Make that folder writable, then change the setting again.',
  'core.probe.empty': 'The file is empty.',
  'core.film.otherEncoding':
    'These takes cannot be joined without re-encoding: {clip}’s clip was encoded with other {theirs} settings, {first}’s with its own; only H.264 clips made with different settings can be joined as they are; make the takes alike, or choose takes that are.',
  'core.keys.works':
    'The {kind, select, watermark {watermark API token} other {video API key}} works: {quota} (from {host}).{saving, select, true { It was saved in the system keychain.} other {}}',
  'core.keys.refused':
    '{host} refused this {kind, select, watermark {watermark API token} other {video API key}}{answered, select, yes { (the service said: "{answer}")} other {}}.{saving, select, true { It was not saved.} other {}} Copy the key again from your account on the provider\'s site.',
  'core.keys.unchecked':
    'The {kind, select, watermark {watermark API token} other {video API key}} could not be checked: {why}{saving, select, true { It was not saved.} other {}} Check the connection and the service address in Settings, then try again.',
  'core.keys.acceptedLowBalance':
    '{host} accepted the {kind, select, watermark {watermark API token} other {video API key}}, but says the balance is too low: {why}.{saving, select, true { It was saved in the system keychain.} other {}}',
  'core.keys.acceptedBalanceUnread':
    '{host} accepted the {kind, select, watermark {watermark API token} other {video API key}}, but its balance could not be read ({why}); the Account screen will ask again.{saving, select, true { It was saved in the system keychain.} other {}}',
  'core.keys.unknownShape': 'its answer was not in a shape Clearframe knows',
  'core.keys.answeredStatus': 'it answered HTTP {status}',
  'core.keys.balance': '{amount} balance',
  'core.keys.creditsLeft': '{remaining} of {limit} credits left',
  'core.keys.noKeychain':
    'No system keychain answered. Install and unlock a Secret Service such as GNOME Keyring (package gnome-keyring) and sign in again, or set CLEARFRAME_WATERMARK_KEY and CLEARFRAME_VIDEO_KEY.',
  'core.keys.keychainLocked':
    'The system keychain could not be used. Unlock it and try again, or set CLEARFRAME_WATERMARK_KEY and CLEARFRAME_VIDEO_KEY.',
  'core.mask.marksNothing':
    'The mask marks nothing (its marks are outside the image or were erased), so nothing was sent: mark the watermark, or send the image with no mask.',
  'core.inputs.svg':
    'It is an SVG, a vector drawing, and the service takes only pixel images. Export it as PNG, then add that.',
  'core.inputs.provenanceLog': 'It is the record Clearframe keeps of the results in this folder.',
  'core.inputs.unreadable': 'It cannot be read. Check that you may open it.',
  'core.inputs.noExtension': 'It has no file extension and its contents are not an image.',
  'core.inputs.notImage': 'It is not an image file.',
  'core.inputs.special': 'It is a link or a special file, not an image.',
  'core.inputs.missing': 'It does not exist (moved or deleted?).',
  'core.inputs.neither': 'It is neither a file nor a folder.',
  'core.output.otherShape':
    "The service returned {result} pixels for a {image} image, another shape, so its result could not be laid over the original: it is kept whole, stretched to the original's size.",
  'core.automask.notLookedFor': 'The watermark could not be looked for',
  'core.files.diskFullWaiting':
    'The disk holding {folder} is full. Free some space there: waiting jobs go on by themselves when there is room, and nothing is sent or paid again.',
  'core.files.dataFolderReadOnly':
    'Clearframe cannot write to its data folder {folder} ({why}). Make the folder writable (check its permissions, or whether its disk is mounted read-only), or point CLEARFRAME_DATA_DIR at a folder you can write, then start Clearframe again.',
  'core.files.what.film': 'the film',
  'core.files.what.take': 'shot {shot}’s take',
  'core.files.what.csv': 'the CSV',
  'core.files.what.lastFrame': 'the last frame',
  'core.files.again.join': 'join again',
  'core.files.again.export': 'export again',
  'core.files.again.exportSpending': 'export the spending again',
  'core.files.again.extend': 'extend the round again',
  'core.finder.tooFew':
    'Too few images of this size to find the mark (at least {count} that share it are needed): mark it by hand.',
  'core.finder.refused':
    'no mark is shared by these images (what stands out would cover {share} of each image); mark it by hand',
  'core.finder.faint':
    'The mark is faint or partly hidden on it (score {score}): its mask needs a look before it is used.',
  'core.finder.damaged': 'It is damaged or incomplete, so it could not be read; it is left out.',
  // ── end of Engine, media, files, keys and settings.

  // ── Engine, app desks and notices: keys of their sentences go below this line.
  'core.app.otherProcessDone': 'The other process has finished; the queue runs here now.',
  'core.app.waitingForHolder':
    '{holder} is working in this data folder. Jobs you add here wait until it has finished, then start by themselves.',
  'core.app.folderReadOnly':
    '{problem} Until then, this run keeps its queue and logs in {folder}, which is not kept.',
  'core.app.databaseSetAside':
    'The job database was damaged, so Clearframe started a new, empty queue. The old one was kept as {aside}; your images and results on disk were not touched. Jobs that were in it need to be added again.',
  'core.app.noKeychain':
    '{problem} Until then keys cannot be saved here; keys set in those variables work.',
  'core.app.projectGone': 'That project no longer exists.',
  'core.video.noTakeFile':
    '{here, select, gone {This take’s clip is no longer at {file}: put it back there, or make the round again.} other {This take has no clip on this computer yet: wait until it has finished downloading.}}',
  'core.app.importProjectGone': 'That project no longer exists; choose another.',
  'core.app.importChanged':
    '{file} no longer comes to what you saw (the file or the pricing tier changed): it now makes {count, plural, one {# round} other {# rounds}} for {cost}. Nothing was queued; look at it again before you queue it.',
  'core.app.shotNotAdded': 'That shot could not be added; try again.',
  'core.app.shotGone': 'That shot no longer exists.',
  'core.app.filmTakeGone': 'One of the takes is not in this project any more: choose again.',
  'core.app.filmTakeUnfinished':
    'Shot {position}’s chosen round has no finished clip: choose a round that is done.',
  'core.app.filmNoTakes':
    'No shot has a finished take yet: join the film once a round of a shot is done.',
  'core.app.previewUnconfirmed': 'Previewing with the service uses 1 credit: confirm it first.',
  'core.app.previewFailed':
    'The service could not clean the preview ({problem}). Try another image, or start the batch on this computer.',
  'core.app.addressProblem': '{problem} Check the address in a browser, then try again.',
  'core.app.thatAddress': 'That address',
  'core.app.addressTimeout': '{host} did not answer in time.',
  'core.app.addressUnreachable':
    '{host} could not be reached: the site is down, or the address or the internet connection is wrong.',
  'core.app.addressHttp': '{host} had a problem of its own (HTTP {status}).',
  'core.app.addressRefused': '{host} did not give the image: {reason}.',
  'core.app.addressRefusedHttp': '{host} did not give the image (HTTP {status}).',
  'core.app.addressUnreadable': 'The image at that address could not be read ({reason}).',
  'core.app.addressUnusable': 'The address does not give a usable image: {reason}',
  'core.app.assetNoPicture':
    'No preview: the service gives no uploaded asset back to show. To see the picture here, give its web address or choose the file.',
  'core.app.pastedUnusable': 'The pasted image cannot be used: {reason}',
  'core.app.imageGone': 'That image is no longer available; add it again.',
  'core.app.fileUnreadable': 'It could not be read. Check that it exists and that you may open it.',
  'core.app.stagedGone':
    'This image is no longer in the list of files looked at (the app may have restarted); add it again.',
  'core.app.alreadyListed': 'It is already in the list.',
  'core.app.maskEmpty': 'The mask marks nothing: paint over the watermark, or choose No mask.',
  'core.app.fileMaskEmpty': '{file}: {problem}',
  'core.app.maskToolEmpty':
    'That would leave nothing marked: undo, or choose a smaller amount or a larger view.',
  // ── end of Engine, app desks and notices.
};

/** A message's id: a key of the English catalogue. */
export type MessageId = keyof typeof en;

/** A translation: every id of the English catalogue, no other. */
export type Catalogue = Readonly<Record<MessageId, string>>;
