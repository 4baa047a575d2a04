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
  'notices.dismiss': 'Dismiss this message',
  'paid.confirm': 'Confirm and send',
  'paid.back': 'Back',
  'retry.what': 'Send {name} again',
  'retry.confirmLabel': 'Confirm sending {name} again',
  'retry.question': 'Pay {cost} again?',
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
  'key.removed': 'Removed from the system keychain.',
  'key.setFromEnvironment': 'Set (from the environment)',
  'key.setInKeychain': 'Set (in the system keychain)',
  'key.notSet': 'Not set',

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
  'mask.saved': 'Saved to {path}.',
  'mask.canvas': '{name}: paint over what to remove. Hold O to see the original.',
  'mask.status': '{width}×{height} · {count, plural, one {# stroke} other {# strokes}}',
  'mask.loading': 'Loading the image…',
  'mask.shortcuts':
    'Wheel to zoom, Alt+wheel or [ ] for the brush size, space-drag to pan, O to see the original, Ctrl+Z to undo.',
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

  // Arranging projects, shots and rounds.
  'arrange.keepIt': 'Keep it',
  'arrange.remove': 'Remove',
  'arrange.body': '{leaves} {kept}',
  'arrange.keptNoClips': 'What was spent on it stays in your spending.',
  'arrange.keptClips':
    '{clips, plural, one {The clip saved stays where it is} other {The # clips saved stay where they are}}, and what was spent stays in your spending.',
  'arrange.project': 'Project',
  'arrange.projectName': 'Project name',
  'arrange.saveName': 'Save name',
  'arrange.cancel': 'Cancel',
  'arrange.rename': 'Rename…',
  'arrange.earlier': 'Earlier',
  'arrange.later': 'Later',
  'arrange.earlierOne': 'Earlier: {name}',
  'arrange.laterOne': 'Later: {name}',
  'arrange.removeProject': 'Remove project…',
  'arrange.removeProjectTitle': 'Remove {name}?',
  'arrange.projectLeaves':
    '{name}, with its {shots, plural, one {# shot} other {# shots}} and {rounds, plural, one {# round} other {# rounds}}, leaves the list.',
  'arrange.shot': 'Shot {position}',
  'arrange.moveEarlier': 'Move earlier',
  'arrange.moveLater': 'Move later',
  'arrange.moveEarlierShot': 'Move earlier: shot {position}',
  'arrange.moveLaterShot': 'Move later: shot {position}',
  'arrange.removeShot': 'Remove shot…',
  'arrange.removeShotTitle': 'Remove shot {position}?',
  'arrange.shotLeaves':
    'Shot {position}, with its {rounds, plural, one {# round} other {# rounds}}, leaves the list.',
  'arrange.isTakeHint':
    'The film uses this round for the shot. Press to go back to the newest round.',
  'arrange.useTakeHint': 'Use this round for the shot in the film.',
  'arrange.isTake': 'The shot’s take',
  'arrange.useTake': 'Use as take',
  'arrange.up': 'Up',
  'arrange.down': 'Down',
  'arrange.upRound': 'Up: round {position}',
  'arrange.downRound': 'Down: round {position}',
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
  // ── end of Video workspace.

  // ── Images workspace: keys of the finder, previews and output go below this line.
  // ── end of Images workspace.

  // ── Command line and main process: keys of their messages go below this line.
  // ── end of Command line and main process.
};

/** A message's id: a key of the English catalogue. */
export type MessageId = keyof typeof en;

/** A translation: every id of the English catalogue, no other. */
export type Catalogue = Readonly<Record<MessageId, string>>;
