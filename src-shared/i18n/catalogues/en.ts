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
  // ── end of Settings and Account.

  // ── Video workspace: keys of the round editor and the project list go below this line.
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
  'images.startFree': 'Start – free, on this computer',
  'images.start': 'Start – uses {credits}{free, plural, =0 {} other { (# free on this computer)}}',
  'images.startUpTo':
    'Start – uses up to {credits}{free, plural, =0 {} other { (# free on this computer)}}',
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
  'finder.failed': 'The watermark could not be looked for: {reason}',
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
  // ── end of Command line and main process.
};

/** A message's id: a key of the English catalogue. */
export type MessageId = keyof typeof en;

/** A translation: every id of the English catalogue, no other. */
export type Catalogue = Readonly<Record<MessageId, string>>;
