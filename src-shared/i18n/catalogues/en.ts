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

  // One round in the list.
  'round.title': 'Round {position}:',
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
  'round.seconds': '{seconds} s',
  'round.minutes': '{minutes} min',
  'round.took': 'took {time}',
  'round.running': 'running for {time}',
  'round.runningLeft': 'running for {time} · about {left} left',
  'round.play': 'Play',
  'round.showInFolder': 'Show in folder',
  'round.cancel': 'Cancel',
  'round.cancelHint': 'Stops waiting for it; the service may still finish and bill it.',
  'round.writePrompt': 'Write prompt…',
  'round.writePromptHint':
    "Clearframe does not know this task's prompt, so it cannot send it again as it is.",
  'round.duplicate': 'Duplicate',
  'round.duplicateWhat': 'Send a copy of round {position}',
  'round.extendForm': 'Extend round {position}',
  'round.extendWhat': "Send round {position}'s continuation from its last frame",
  'round.next': 'What happens after round {position}',
  'round.nextPlaceholder': 'What happens next…',
  'round.extendFromFrame': 'Extend from last frame',
  'round.extendVideoOpen': 'Extend video…',
  'round.extendVideoForm': 'Extend the video of round {position}',
  'round.extendVideoWhat': "Send round {position}'s continuation with its clip as the reference",
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
  'round.references': 'References',
  'round.moreReferences': 'More references',
  'round.addImage': 'Add a reference image',
  'round.addVideo': 'Add a reference video',
  'round.addAudio': 'Add a reference sound',
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
  'round.review': 'Review and send',
  'round.confirmAbout': 'Send {count, plural, one {# round} other {# rounds}} for about {cost}?',
  'round.confirmUpTo': 'Send {count, plural, one {# round} other {# rounds}} for up to {cost}?',

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
