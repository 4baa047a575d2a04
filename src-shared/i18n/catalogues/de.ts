import type { Catalogue } from './en.ts';

/**
 * German. Terms: Wasserzeichen, Maske, Projekt, Shot (der Shot: "Einstellung" is a setting),
 * Versuch (round), Take, Clip, Credit, Dienst (the service), Schlüssel; the user is addressed as "Sie".
 */
export const de: Catalogue = {
  'app.version': 'v{version} · {platform}',
  'app.screens': 'Bereiche',
  'app.screen.images': 'Bilder',
  'app.screen.video': 'Video',
  'app.screen.account': 'Konto',
  'app.screen.settings': 'Einstellungen',

  'toast.dismiss': 'Schließen',
  'notices.unreadable': 'Die Meldungen zum Start konnten nicht gelesen werden: {why}',
  'notices.dismiss': 'Diese Meldung schließen',
  'paid.confirm': 'Bestätigen und senden',
  'paid.back': 'Zurück',
  'retry.what': '{name} erneut senden',
  'retry.confirmLabel': 'Erneutes Senden von {name} bestätigen',
  'retry.question': '{cost} erneut bezahlen?',
  'retry.firstQuestion': 'Für {cost} an den Dienst senden?',
  'retry.sendAgain': 'Erneut senden (kostenpflichtig) – {cost}',
  'retry.checkAgain': 'Erneut nachfragen',
  'retry.checkAgainHint':
    'Fragt den Dienst anhand der erhaltenen Auftragsnummer erneut; kostet nichts.',
  'retry.retry': 'Wiederholen – {cost}',

  'format.credits': '{count, plural, one {# Credit} other {# Credits}}',
  'format.secondsLeft': 'noch etwa {seconds} s',
  'format.minutesLeft': 'noch etwa {minutes} min',

  'demo.all':
    'Demomodus: Aufträge laufen im eingebauten Simulator, dessen Ergebnisse nur ein grober Ersatz für die des Dienstes sind. Nichts wird an den Dienst gesendet und nichts berechnet.',
  'demo.video':
    'Demomodus für Video: Versuche laufen im eingebauten Simulator, dessen Clips vorgefertigte Platzhalter sind, nicht das, was der Dienst erstellen würde. Nichts wird an den Videodienst gesendet und nichts berechnet. Bilder gehen an den Dienst.',
  'demo.images':
    'Demomodus für Bilder: Der eingebaute Simulator bereinigt sie, und seine Ergebnisse sind nur ein grober Ersatz für die des Dienstes. Nichts wird an den Wasserzeichendienst gesendet und nichts berechnet. Video-Versuche gehen an den Dienst.',
  'demo.short.all': 'Demomodus: Nichts wird gesendet oder berechnet.',
  'demo.short.video':
    'Video im Demomodus: Nichts wird gesendet oder berechnet. Bilder gehen an den Dienst.',
  'demo.short.images': 'Bilder im Demomodus, kostenlos. Video-Versuche gehen an den Dienst.',
  'demo.howTo': 'Wie nutze ich mein eigenes Konto?',
  'demo.step.signIn':
    'Melden Sie sich auf der Website des Anbieters an. Das Wasserzeichen-API-Token erstellen Sie im Kontobereich unter „API-Tokens“, den Video-API-Schlüssel unter „API-Schlüssel“ (Videoaufrufe werden von einem eigenen Guthaben in USD bezahlt).',
  'demo.step.openSite': 'Website des Anbieters öffnen',
  'demo.step.paste':
    'Fügen Sie sie in den <settings>Einstellungen</settings> ein. Jeder Schlüssel wird mit dem Dienst getestet, bevor er gespeichert wird.',
  'demo.step.keychain':
    'Schlüssel werden im Schlüsselbund des Systems aufbewahrt und verlassen diesen Computer nur, um an den Dienst zu gehen, zu dem sie gehören.',

  'language.label': 'Sprache',
  'language.system': 'Wie das System ({language})',
  'language.hint': 'Das Fenster wechselt sofort.',

  'key.name.watermark': 'Wasserzeichen-API-Token',
  'key.name.video': 'Video-API-Schlüssel',
  'key.form': 'Einstellungen für {name}',
  'key.save': 'Speichern und testen',
  'key.clear': 'Entfernen',
  'key.removed':
    '{kind, select, watermark {Token} other {Schlüssel}} aus dem Schlüsselbund des Systems entfernt.',
  'key.setFromEnvironment':
    '{kind, select, watermark {Token} other {Schlüssel}} gesetzt (aus der Umgebung)',
  'key.setInKeychain':
    '{kind, select, watermark {Token} other {Schlüssel}} gesetzt (im Schlüsselbund des Systems)',
  'key.notSet': '{kind, select, watermark {Kein Token gesetzt} other {Kein Schlüssel gesetzt}}',

  'state.queued': 'Wartet',
  'state.preparing': 'Wird vorbereitet',
  'state.submitting': 'Wird gesendet',
  'state.submitted': 'Gesendet',
  'state.processing': 'Wird bereinigt',
  'state.downloading': 'Ergebnis wird gespeichert',
  'state.done': 'Fertig',
  'state.failed': 'Fehlgeschlagen',
  'state.canceled': 'Abgebrochen',
  'state.needs-attention': 'Ihre Entscheidung nötig',
  'state.round.processing': 'Wird erstellt',
  'state.round.downloading': 'Clip wird gespeichert',

  'drop.label': 'Bilder oder Ordner hier ablegen',
  'drop.more': 'Weitere hinzufügen: Bilder oder Ordner hier ablegen',
  'drop.first': 'Bilder oder Ordner hier ablegen, um Wasserzeichen zu entfernen',
  'drop.choose': 'Bilder auswählen…',
  'drop.chooseFolder': 'Ordner auswählen…',
  'clips.title': 'Videos',
  'clips.hint':
    'Clips (MP4, MOV, WebM) werden auf diesem Computer in diesem Fenster kostenlos bereinigt: Ein Logo, das stillsteht, wird über den ganzen Clip gefunden und aus jedem Bild entfernt.',
  'clips.paused':
    'Angehalten: Bereits bereinigte Abschnitte bleiben erhalten; beim Fortsetzen macht ein Clip danach weiter.',
  'clips.run': '{count, plural, one {# Clip bereinigen} other {# Clips bereinigen}}',
  'clips.pause': 'Anhalten',
  'clips.resume': 'Fortsetzen',
  'clips.cancel': 'Abbrechen',
  'clips.retry': 'Erneut versuchen (kostenlos)',
  'clips.progress': '{done} von {total} Bildern, {fps} Bilder pro Sekunde, noch etwa {left}',
  'clips.state':
    '{state, select, queued {Wartet} preparing {Bilder werden bereinigt} downloading {Wird gespeichert} done {Bereinigt} failed {Nicht bereinigt} canceled {Abgebrochen} other {Wartet auf Sie}}',
  'clips.result': 'Bereinigter Clip {name}',
  'clips.unstage': 'Aus der Liste entfernen',
  'clips.cleanThis': '{name} bereinigen',
  'clips.finding': 'Das Zeichen wird im ganzen Clip gesucht …',
  'clips.proposalFailed':
    'Das Zeichen in {name} konnte nicht gesucht werden ({reason}): Legen Sie den Clip noch einmal ab; klappt auch das nicht, ist die Datei vielleicht beschädigt.',
  'clips.leftOut':
    '{name} bleibt außen vor: Der Clip wird nicht bereinigt. Setzen Sie das Häkchen, um ihn doch zu bereinigen.',
  'clips.frameAlt': 'Das Bild aus der Mitte von {name}, darüber die Maske in Rot',
  'clips.share':
    'Die Maske bedeckt {share} des Bildes. {unblended} davon lassen das Bild durchscheinen und werden herausgerechnet; der Rest ist deckend und wird aus der Umgebung gefüllt.',
  'clips.grow': 'Um {pixels} px vergrößern',
  'clips.shrink': 'Um {pixels} px verkleinern',
  'clips.preview': 'Vorher und nachher ansehen',
  'clips.previewCost':
    'Kostenlos: Die Vorschau entsteht auf diesem Computer nur aus diesen Bildern, und nichts wird gespeichert.',
  'clips.previewing': 'Die Vorschau wird erstellt …',
  'clips.previewSide': '{side, select, before {{name} vorher} other {{name} nachher}}',
  'clips.previewSideShort': '{side, select, before {Vorher} other {Nachher}}',
  'staging.count': 'Dateien werden geprüft: {staged} bereit, {skipped} bisher nicht übernommen',
  'staging.stop': 'Suche beenden',

  'jobs.title': 'Ergebnisse',
  'jobs.summary': '{done} von {total} fertig',
  'jobs.attention':
    '{count, plural, one {# braucht Aufmerksamkeit} other {# brauchen Aufmerksamkeit}}',
  'jobs.history': 'alle Stapel, neueste zuerst: {count, plural, one {# Bild} other {# Bilder}}',
  'jobs.historyMore': 'alle Stapel, neueste zuerst: {count}+ Bilder',
  'jobs.queue': 'Warteschlange',
  'jobs.resume': 'Fortsetzen',
  'jobs.pause': 'Anhalten',
  'jobs.waiting': 'Wartet: {reason}',
  'jobs.paused': 'Angehalten: Nichts Neues wird gesendet, bis Sie fortsetzen.',
  'jobs.retryFailed': 'Alle fehlgeschlagenen wiederholen',
  'jobs.clearFinished': 'Fertige entfernen',
  'jobs.clearFinishedHint':
    'Nimmt fertige Bilder von dieser Liste; ihre Ergebnisse bleiben, wo sie gespeichert wurden.',
  'jobs.latestOnly': 'Nur den neuesten Stapel zeigen',
  'jobs.allEarlier': 'Alle früheren Ergebnisse zeigen',
  'jobs.filter': 'Filter',
  'jobs.filter.all': 'Alle',
  'jobs.filter.running': 'Laufend',
  'jobs.filter.failed': 'Fehlgeschlagen',
  'jobs.filter.done': 'Fertig',
  'jobs.retrySelected': 'Auswahl wiederholen',
  'jobs.cancelSelected': 'Auswahl abbrechen',
  'jobs.skip': 'Ergebnisse überspringen',
  'jobs.list': 'Aufträge',
  'jobs.select': '{name} auswählen',
  'jobs.progress': 'Fortschritt von {name}',
  'jobs.cancel': 'Abbrechen',
  'jobs.cancelOne': '{name} abbrechen',
  'jobs.open': 'Öffnen',
  'jobs.openOne': '{name} öffnen',
  'jobs.showInFolder': 'Im Ordner zeigen<hidden>: {name}</hidden>',
  'jobs.detail': '{name}: {error}',
  'jobs.local': 'Auf diesem Computer, kostenlos',
  'jobs.free': 'kostenlos',
  'jobs.doubt.unchanged': 'Unverändert',
  'jobs.doubt.markVisible': 'Zeichen noch sichtbar',
  'jobs.doubt.keep': 'Behalten',
  'jobs.doubt.keepOne': 'Behalten: {name}',
  'jobs.doubt.send': 'An den Dienst senden – {cost}',
  'jobs.doubt.sendWhat': '{name} an den Dienst senden',
  'jobs.doubt.byHand': 'Von Hand markieren',
  'jobs.doubt.byHandOne': 'Von Hand markieren: {name}',
  'jobs.filter.doubt': 'Zu prüfen',
  'jobs.doubtCount': '{count, plural, one {# zu prüfen} other {# zu prüfen}}',
  'core.jobs.doubtUnchanged':
    'Der Dienst hat das Bild dort, wo er es bereinigen sollte, unverändert zurückgegeben. Behalten Sie es so, senden Sie es erneut (1 Credit) oder markieren Sie das Wasserzeichen von Hand.',
  'core.jobs.doubtMarkVisible':
    'Das Wasserzeichen ist im Ergebnis noch zu erkennen. Behalten Sie es so, senden Sie es an den Dienst (1 Credit) oder markieren Sie das Wasserzeichen von Hand.',
  'cli.remove.doubted':
    '{count, plural, one {# Ergebnis zählt nicht als fertig: Es ist zweifelhaft (oben aufgeführt). Behalten Sie es mit --keep-doubted (kostenlos), senden Sie es mit --send-doubted an den Dienst ({credits} je Bild, mit seiner Maske), oder markieren Sie das Wasserzeichen von Hand: --mask oder --mask-rect mit --force, oder im Fenster.} other {# Ergebnisse zählen nicht als fertig: Sie sind zweifelhaft (oben aufgeführt). Behalten Sie sie mit --keep-doubted (kostenlos), senden Sie sie mit --send-doubted an den Dienst ({credits} je Bild, mit ihren Masken), oder markieren Sie das Wasserzeichen von Hand: --mask oder --mask-rect mit --force, oder im Fenster.}}',
  'cli.remove.doubted.usage':
    '  --keep-doubted      zweifelhafte Ergebnisse (Zeichen noch sichtbar, unverändert) behalten: kostenlos\n  --send-doubted      zweifelhafte Ergebnisse mit ihren Masken an den Dienst senden, {credits} je Bild',
  'cli.remove.sendingDoubted':
    '--send-doubted: {count, plural, one {# zweifelhaftes Ergebnis wird} other {# zweifelhafte Ergebnisse werden}} mit ihren bisherigen Masken an den Dienst gesendet, {credits} insgesamt.',

  'compare.previous': 'Vorheriges Ergebnis (P)',
  'compare.next': 'Nächstes Ergebnis (N)',
  'compare.close': 'Schließen',
  'compare.slider': 'Schieberegler',
  'compare.sideBySide': 'Nebeneinander',
  'compare.zoom': 'Zoom',
  'compare.fit': 'Einpassen ({percent})',
  'compare.picture': '{name}, {what}',
  'compare.original': 'Original',
  'compare.split': 'Teilung',
  'compare.splitValue': '{percent} Original',

  'mask.editor': 'Maske für {name}',
  'mask.tools': 'Maskenwerkzeuge',
  'mask.tool.brush': 'Pinsel (B)',
  'mask.tool.eraser': 'Radierer (E)',
  'mask.tool.rect': 'Rechteck (R)',
  'mask.tool.lasso': 'Lasso (L)',
  'mask.size': 'Größe',
  'mask.pixels': '{size} px',
  'mask.opacity': 'Deckkraft der Maske',
  'mask.undo': 'Rückgängig',
  'mask.redo': 'Wiederholen',
  'mask.clear': 'Leeren',
  'mask.fit': 'Einpassen',
  'mask.import': 'Maske importieren…',
  'mask.export': 'Maske exportieren…',
  'mask.wholeTools': 'Werkzeuge für die ganze Maske',
  'mask.whole': 'Ganze Maske:',
  'mask.by': 'um',
  'mask.px': 'px',
  'mask.byLabel': 'Pixel zum Vergrößern oder Verkleinern',
  'mask.grow': 'Vergrößern',
  'mask.shrink': 'Verkleinern',
  'mask.invert': 'Umkehren',
  'mask.grown': 'Um {pixels} px vergrößert',
  'mask.shrunk': 'Um {pixels} px verkleinert',
  'mask.inverted': 'Umgekehrt',
  'mask.keepInView': 'Nur Sichtbares behalten',
  'mask.keepInViewHint':
    'Zoomen und verschieben Sie zuerst auf das Wasserzeichen: Alles außerhalb der Ansicht Markierte wird gelöscht.',
  'mask.keptInView': 'Sichtbares behalten',
  'mask.toolDone': '{done}: {percent} des Bildes markiert.',
  'mask.imported':
    'Importiert: {percent} des Bildes markiert{scaled, select, true {, auf das Bild skaliert} other {}}{whiteOnBlack, select, true {, Weiß als „entfernen“ gelesen} other {}}.',
  'mask.wholeUse': 'Ganzes Bild neu malen',
  'mask.wholeNothing': 'Nichts importieren',
  'mask.wholeNotImported':
    'Es wurde keine Maske importiert: Malen Sie über das Wasserzeichen oder importieren Sie eine Maske, die nur es markiert.',
  'mask.saved': 'Gespeichert unter {path}.',
  'mask.canvas':
    '{name}: Übermalen Sie, was entfernt werden soll. Pfeiltasten bewegen den Cursor, Enter gedrückt halten malt. Halten Sie O gedrückt, um das Original zu sehen.',
  'mask.status': '{width}×{height} · {count, plural, one {# Strich} other {# Striche}}',
  'mask.loading': 'Bild wird geladen…',
  'mask.shortcuts':
    'Mausrad zoomt zum Zeiger, Alt+Mausrad oder [ ] für die Pinselgröße, Leertaste+Ziehen zum Verschieben, O für das Original, Strg+Z zum Rückgängigmachen. Auf dem Bild (mit Tab erreichbar): Pfeiltasten bewegen Cursor und Ansicht (mit Umschalt weiter), Enter gedrückt halten zum Malen, 1 für {full}, F zum Einpassen.',
  'mask.scaledFrom':
    'Diese Maske wurde auf einem Bild mit {size} gezeichnet und auf dieses skaliert. Prüfen Sie, ob sie das Wasserzeichen noch abdeckt.',
  'mask.leave': 'Diese Maske verwerfen?',
  'mask.leaveQuestion': 'Was Sie auf {name} gemalt haben, verwerfen?',
  'mask.throwAway': 'Verwerfen',
  'mask.keepPainting': 'Weitermalen',
  'mask.use': 'Diese Maske verwenden',
  'mask.applySameSize': 'Auf alle {count} Bilder dieser Größe anwenden',
  'mask.applyAll': 'Auf alle {count} Bilder anwenden',
  'mask.applyAllHint':
    'Auf Bilder anderer Größe wird die Maske skaliert übertragen, jede Markierung so nah wie möglich an ihrer Ecke.',
  'mask.applySelected': 'Auf die ausgewählten anwenden ({count})',
  'mask.none': 'Keine Maske',
  'mask.cancel': 'Abbrechen',
  // The mask editor's keyboard, zoom, file name, and the question before an apply replaces masks.
  'mask.zoomLevel': 'Zoom {percent}',
  'mask.replaceQuestion': '{count, plural, one {# Maske ersetzen?} other {# Masken ersetzen?}}',
  'mask.replaceWhich':
    '{found, plural, =0 {Keine davon wurde von „Wasserzeichen finden“ gefunden} one {# wurde von „Wasserzeichen finden“ gefunden} other {# wurden von „Wasserzeichen finden“ gefunden}}, {painted, plural, =0 {keine von Hand gemalt} other {# von Hand gemalt}}. „Rückgängig“ holt sie zurück.',
  'mask.replace': '{count, plural, one {# Maske ersetzen} other {# Masken ersetzen}}',
  'mask.replaceBack': 'Zurück',
  'images.undoApply': 'Rückgängig',
  'images.applyUndone': 'Rückgängig gemacht: Die Masken sind wieder wie vorher.',

  'arrange.keepIt': 'Behalten',
  'arrange.remove': 'Entfernen',
  'arrange.body': '{leaves} {kept}',
  'arrange.keptNoClips': 'Was dafür ausgegeben wurde, bleibt in Ihren Ausgaben.',
  'arrange.keptClips':
    '{clips, plural, one {Der gespeicherte Clip bleibt, wo er ist} other {Die # gespeicherten Clips bleiben, wo sie sind}}, und was ausgegeben wurde, bleibt in Ihren Ausgaben.',
  'arrange.projectName': 'Projektname',
  'arrange.saveName': 'Namen speichern',
  'arrange.cancel': 'Abbrechen',
  'arrange.rename': 'Umbenennen…',
  'arrange.earlier': 'Projekt nach vorn',
  'arrange.later': 'Projekt nach hinten',
  'arrange.removeProject': 'Projekt entfernen…',
  'arrange.removeProjectTitle': '{name} entfernen?',
  'arrange.projectLeaves':
    '{name} verlässt mit {shots, plural, one {# Shot} other {# Shots}} und {rounds, plural, one {# Versuch} other {# Versuchen}} die Liste.',
  'arrange.shot': 'Shot {position}',
  'arrange.moveEarlier': 'Shot nach vorn',
  'arrange.moveLater': 'Shot nach hinten',
  'arrange.moveEarlierShot': 'Shot nach vorn: Shot {position}',
  'arrange.moveLaterShot': 'Shot nach hinten: Shot {position}',
  'arrange.removeShot': 'Shot entfernen…',
  'arrange.removeShotTitle': 'Shot {position} entfernen?',
  'arrange.shotLeaves':
    'Shot {position} verlässt mit {rounds, plural, one {# Versuch} other {# Versuchen}} die Liste.',
  'arrange.isTake': 'Take des Shots',
  'arrange.useTake': 'Als Take verwenden',
  'arrange.removeRound': 'Entfernen…',
  'arrange.removeRoundTitle': 'Versuch {round} von Shot {shot} entfernen?',
  'arrange.roundLeaves': 'Versuch {position} verlässt die Liste.',

  'scrub.legend': 'Zu bearbeitende Zeiten',
  'scrub.play': 'Einen Clip dieses Projekts abspielen',
  'scrub.choose': 'Auswählen…',
  'scrub.none':
    'Fertige Clips dieses Projekts lassen sich hier abspielen, um die Zeiten zu wählen.',
  'scrub.insertNow': 'Aktuelle Zeit einfügen',
  'scrub.startHere': 'Hier beginnen',
  'scrub.endHere': 'Hier enden',
  'scrub.from': 'von (s)',
  'scrub.to': 'bis (s)',
  'scrub.insertRange': 'Bereich einfügen',
  'scrub.endAfterStart': 'Das Ende muss nach dem Anfang liegen.',

  'history.title': 'Aufträge beim Dienst',
  'history.empty': 'Der Dienst listet keine Aufträge der letzten Tage.',
  'history.promptUnknown': 'Prompt hier nicht bekannt (anderswo gestartet)',
  'history.place': 'in {project}, Shot {shot}, Versuch {round}',
  'history.inAShot': 'in einem Shot',
  'history.task': 'Auftrag {id}',
  'history.taskAt': '{date} · Auftrag {id}',
  'history.add': 'Zu {shot} hinzufügen',
  'history.phase.in-progress': 'läuft',
  'history.phase.succeeded': 'fertig',
  'history.phase.failed': 'fehlgeschlagen',

  'film.title': 'Ein Film aus {name}',
  'film.about':
    'Der Take, den jeder Shot zum Film beiträgt, in der Reihenfolge. Sie werden unverändert ohne Neukodierung verbunden, sodass der Film genau wie seine Clips aussieht.',
  'film.noTake': 'Shot {shot}: noch kein fertiger Take, ausgelassen',
  'film.take': 'Shot {shot}: Versuch {round}',
  'film.takeWithPrompt': 'Shot {shot}: Versuch {round}, {prompt}',
  'film.joining': 'Wird verbunden…',
  'film.join': 'Ordner wählen und verbinden',
  'film.close': 'Schließen',
  'film.nothing': 'Noch kein Shot hat einen fertigen Take.',
  'film.saved': 'Gespeichert als {path}',
  'film.player': 'Der verbundene Film',
  'film.playing': 'Der Film: {name}',
  'film.backToShot': 'Zurück zu Shot {position}',

  // ── Settings and Account: keys of these screens go below this line.
  'settings.title': 'Einstellungen',
  'settings.keys': 'API-Schlüssel',
  'settings.keysHint':
    'Schlüssel werden im Schlüsselbund des Systems aufbewahrt und nur an den Dienst gesendet, zu dem sie gehören.',
  'settings.service': 'Dienst',
  'settings.demoMode':
    'Demomodus (den eingebauten Simulator nutzen, solange kein Schlüssel gesetzt ist)',
  'settings.watermarkBaseUrl': 'Adresse des Wasserzeichen-Dienstes',
  'settings.videoBaseUrl': 'Adresse des Video-Dienstes',
  'settings.resetAddresses': 'Adressen des Anbieters wiederherstellen',
  'settings.pricingTier': 'Preisstufe',
  'settings.budgetCapUsd': 'Budgetgrenze für Video in USD (leer: keine Grenze)',
  'settings.budgetCapPeriod': 'Die Grenze zählt',
  'settings.concurrency.watermark': 'Bilder gleichzeitig',
  'settings.concurrency.video': 'Video-Versuche gleichzeitig',
  'settings.output': 'Ausgabe',
  'settings.outputFolder': 'Ausgabeordner (leer: ein Ordner „clearframe“ neben jedem Bild)',
  'settings.chooseFolder': 'Ordner wählen…',
  'settings.filenameTemplate': 'Dateiname',
  'settings.filenameExample':
    'Aus {photo} wird {example}. In geschweiften Klammern stehen {name}, {ext}, {date} und {n} für den Namen des Bildes, seine Endung, den Tag und seine Stelle im Stapel.',
  'settings.conflictPolicy': 'Wenn der Name vergeben ist',
  'settings.metadataPolicy': 'Metadaten (EXIF, Farbprofil)',
  'settings.outputFormat': 'Format der Ergebnisse',
  'settings.folderLayout': 'Unterordner eines abgelegten Ordners im Ausgabeordner',
  'settings.app': 'App',
  'settings.theme': 'Design',
  'settings.checkForUpdates': 'Nach Updates suchen',
  'settings.save': 'Einstellungen speichern',
  'settings.saved': 'Gespeichert.',
  'settings.refused': 'Nichts wurde gespeichert: Korrigieren Sie die oben markierten Felder.',
  'settings.diagnostics': 'Diagnose',
  'settings.openLogs': 'Protokollordner öffnen',
  'settings.copyDiagnostics': 'Diagnose kopieren',
  'settings.diagnosticsCopied': 'Diagnose kopiert. Sie enthält keine Schlüssel.',
  'settings.checkNow': 'Jetzt nach Updates suchen',
  'settings.value.budgetCapPeriod.all-time': 'Alles, was je ausgegeben wurde',
  'settings.value.budgetCapPeriod.month': 'Jeden Kalendermonat (Zeitzone dieses Computers)',
  'settings.value.conflictPolicy.suffix': 'Eine Nummer anhängen',
  'settings.value.conflictPolicy.skip': 'Das Bild überspringen',
  'settings.value.conflictPolicy.overwrite': 'Das alte Ergebnis überschreiben',
  'settings.value.folderLayout.mirror': 'Im Ausgabeordner beibehalten',
  'settings.value.folderLayout.flatten': 'Alle Ergebnisse direkt in den Ausgabeordner legen',
  'settings.value.metadataPolicy.keep': 'Behalten',
  'settings.value.metadataPolicy.strip': 'Entfernen',
  'settings.value.outputFormat.same': 'Wie das Bild (JPEG bei HEIC)',
  'settings.value.outputFormat.pngFormat': 'PNG',
  'settings.value.outputFormat.jpegFormat': 'JPEG',
  'settings.value.outputFormat.webpFormat': 'WebP',
  'settings.value.pricingTier': '{tier} ({price} pro Sekunde)',
  'settings.value.theme.system': 'Wie das System',
  'settings.value.theme.light': 'Hell',
  'settings.value.theme.dark': 'Dunkel',
  'account.title': 'Konto',
  'account.credits': 'Wasserzeichen-Credits',
  'account.balance': 'Video-Guthaben',
  'account.creditsLeft': '{remaining} von {limit, plural, one {# Credit} other {# Credits}} übrig',
  'account.from': 'laut {host}',
  'account.price': 'Video-Preis',
  'account.pricePerSecond': '{price} pro Sekunde (Stufe {tier})',
  'account.spending': 'Video-Ausgaben',
  'account.spent':
    '{spent} ausgegeben und {inFlight} in gesendeten Versuchen {cap, select, none {(keine Budgetgrenze)} monthly {bei Ihrer monatlichen Budgetgrenze von {capAmount}} other {bei Ihrer Budgetgrenze von {capAmount}}}',
  'account.spentInMonth':
    'Im {month}: {spent} ausgegeben und {inFlight} in gesendeten Versuchen {cap, select, none {(keine Budgetgrenze)} monthly {bei Ihrer monatlichen Budgetgrenze von {capAmount}} other {bei Ihrer Budgetgrenze von {capAmount}}}',
  'account.spendingHint':
    'jeder Versuch, den der Dienst berechnet haben könnte, so wie die Grenze ihn zählt',
  'account.queue': 'Wenn die ganze Warteschlange läuft',
  'account.queueCost': '{credits} und {money}',
  'account.refresh': 'Aktualisieren',
  'account.history': 'Ausgabenverlauf',
  'spending.length': '{seconds} s × {price}',
  'spending.place':
    '{retried, select, true {Shot {shot}, Versuch {round} ({attempt}. Sendung)} other {Shot {shot}, Versuch {round}}}',
  'spending.removed': 'aus der Liste entfernt',
  'spending.promptUnknown': 'Prompt nicht bekannt (vom Dienst übernommen)',
  'spending.lengthHint':
    'Die Länge, die der Dienst gemeldet hat, zum berechneten Preis pro Sekunde.',
  'spending.lengthUnknownHint':
    'Der Dienst hat die Länge des Clips noch nicht genannt, deshalb gilt die Schätzung.',
  'spending.status.charged': 'berechnet',
  'spending.status.estimated': 'Schätzung: der Dienst hat nichts gemeldet',
  'spending.status.in-flight': 'gesendet, nicht abgeschlossen: Schätzung',
  'spending.status.demo': 'Demo: würde kosten, nicht berechnet',
  'spending.sum': '{spent} ausgegeben, {inFlight} in gesendeten, nicht abgeschlossenen Versuchen',
  'spending.sumWithDemo':
    '{spent} ausgegeben, {inFlight} in gesendeten, nicht abgeschlossenen Versuchen; Demo-Versuche hätten {demo} gekostet',
  'spending.saved':
    '{count, plural, one {# Kostenposten} other {# Kostenposten}} gespeichert als {path}',
  'spending.savedWithDemo':
    '{count, plural, one {# Kostenposten} other {# Kostenposten}} und {demo, plural, one {# Demo-Versuch} other {# Demo-Versuche}} (nicht berechnet) als {path} gespeichert',
  'spending.allMonths': 'Alle Monate',
  'spending.monthChoice': '{month} · {amount}',
  'spending.month': 'Monat',
  'spending.export': 'CSV exportieren…',
  'spending.close': 'Schließen',
  'spending.totals': 'Insgesamt: {sum}.',
  'spending.totalsInMonth': '{month}: {sum}.',
  'spending.about':
    'Jeder Versuch, den der Dienst berechnet haben kann: seine Kosten (die vom Dienst gemeldeten Sekunden × der Preis pro Sekunde) oder, bis der Dienst sie nennt, seine Schätzung. Monate sind die Kalendermonate dieses Computers. Demo-Versuche zeigen, was sie kosten würden, und zählen nicht.',
  'spending.project': '<b>{project}</b>{removed, select, true { (entfernt)} other {}}: {sum}',
  'spending.nothing': 'Nichts wurde an den Dienst gesendet.',
  'spending.nothingInMonth': 'Im {month} wurde nichts an den Dienst gesendet.',
  'spending.head.sent': 'Gesendet',
  'spending.head.round': 'Versuch',
  'spending.head.length': 'Länge',
  'spending.head.cost': 'Kosten',
  'spending.more': 'Mehr anzeigen',
  // ── end of Settings and Account.

  // ── Video workspace: keys of the round editor and the project list go below this line.
  'project.emptyTitle': 'Ein Video, Shot für Shot',
  'project.emptyAbout':
    'Ein Projekt ist ein Video. Es besteht aus Shots in ihrer Reihenfolge, und jeder Shot entsteht in Versuchen: Sie beschreiben den Shot, sehen, was er kostet, senden ihn und versuchen es weiter, bis ein Versuch gelingt.',
  'project.emptyStart': 'Geben Sie Ihrem ersten Projekt einen Namen, um zu beginnen.',
  'project.createForm': 'Projekt anlegen',
  'project.newProject': 'Neues Projekt',
  'project.namePlaceholder': 'z. B. Hafen bei Nacht',
  'project.create': 'Anlegen',
  'project.project': 'Projekt',
  'project.shots': 'Shots',
  'project.shotButton': 'Shot {position} ({rounds})',
  'project.addShot': 'Shot hinzufügen',
  'project.exportTakes': 'Takes exportieren…',
  'project.joinFilm': 'Takes zu einem Film verbinden…',
  'project.spending': 'Ausgaben…',
  'project.importRounds': 'Versuche importieren…',
  'project.spendingTitle': 'Was {name} gekostet hat',
  'project.roundsTitle': '{project} · Shot {position}',
  'project.shotName': 'Shot {position}',
  'project.clipName': 'Shot {shot}, Versuch {round}',
  'project.player': 'Wiedergabe',
  'project.lastFrame': 'Letztes Bild',
  'project.noTake': 'noch kein Take',
  'project.exported':
    '{count, plural, one {# Take nach {folder} kopiert.} other {# Takes nach {folder} kopiert, einer je Shot, in Reihenfolge.}}',
  'project.exportedLeftOut': '{copied} Ausgelassen, da noch ohne fertigen Versuch: {shots}.',
  // The Video studio: picture first, storyboard, prompt bar (issue 36).
  'round.attachImage': 'Bild anhängen',
  'round.attachVideo': 'Video anhängen',
  'round.attachAudio': 'Ton anhängen',
  'project.defaultName': 'Projekt {number}',
  'project.stageEmpty':
    'Shot {position} hat noch keinen Clip. Schreiben Sie unten in der Leiste einen Versuch: sein Clip läuft hier.',
  'project.filmTotal': 'Film: {seconds} s · die Versuche kosten {cost}',
  'project.filmTotalDemo':
    'Film: {seconds} s · die Versuche würden {cost} kosten (Demo, nichts berechnet)',
  'project.storyboardKeys':
    'Einen Shot verschieben: auf einen anderen ziehen oder ihn auswählen und Alt mit ← oder → drücken.',
  'round.sendAbout': 'Prüfen und senden · etwa {cost}',
  'round.sendUpTo': 'Prüfen und senden · bis zu {cost}',
  'round.attach': 'Anhängen',
  'round.attached': 'Angehängt',
  'round.chipRemove': '{token} entfernen',
  'round.chipAsReference': '{token} als Referenz verwenden',
  'round.chipAsFirstFrame': '{token} als erstes Bild verwenden',
  'round.chipEmpty': 'noch keine Adresse',
  'round.enterHint':
    'Eingabe prüft den Versuch und seine Kosten; Umschalt+Eingabe beginnt eine neue Zeile.',
  'round.moreOptions': 'Weitere Optionen',

  'round.title': 'Versuch {position}: {prompt}',
  'round.name': 'Versuch {position}',
  'round.promptUnknown': 'Prompt unbekannt (vom Dienst übernommen)',
  'round.demo': 'Demo',
  'round.demoHint':
    'Vom eingebauten Simulator erstellt: Nichts wurde an den Dienst gesendet oder berechnet.',
  'round.money.demo': 'würde {cost} kosten (Demo, nicht berechnet)',
  'round.money.charged': '{cost} berechnet',
  'round.money.estimated': 'geschätzt {cost}',
  'round.clip.auto': 'Länge wählt das Modell',
  'round.clip.default': 'Standardlänge des Dienstes',
  'round.clip.seconds': 'Clip von {seconds} Sekunden',
  'round.clip.demoStandIn':
    '{seconds}-Sekunden-Clip angefragt; die Demo spielt einen kurzen Platzhalter-Clip',
  'round.seconds': '{seconds} s',
  'round.minutes': '{minutes} min',
  'round.took': 'dauerte {time}',
  'round.running': 'läuft seit {time}',
  'round.runningLeft': 'läuft seit {time} · noch etwa {left}',
  'round.play': 'Abspielen',
  'round.showInFolder': 'Im Ordner zeigen',
  'round.cleanLogo': 'Stehendes Logo entfernen (kostenlos)',
  'round.cancel': 'Abbrechen',
  'round.cancelHint':
    'Wartet nicht mehr darauf; der Dienst kann ihn trotzdem fertigstellen und berechnen.',
  'round.writePrompt': 'Prompt schreiben…',
  'round.writePromptHint':
    'Clearframe kennt den Prompt dieses Auftrags nicht und kann ihn daher nicht unverändert erneut senden.',
  'round.duplicate': 'Duplizieren',
  'round.duplicateWhat': 'Eine Kopie von Versuch {position} senden',
  'round.extendForm': 'Versuch {position} fortsetzen',
  'round.extendWhat':
    'Die Fortsetzung von Versuch {position} ab seinem letzten Bild {into, select, new {in einen neuen Shot danach} other {in diesen Shot, wo sie zum Take wird}} senden',
  'round.next': 'Was nach Versuch {position} geschieht',
  'round.nextPlaceholder': 'Was als Nächstes geschieht…',
  // The take cards (issue 36): their ⋯ menus and the project's.
  'round.actions': 'Aktionen für Versuch {position}',
  'round.extendFromFrameOpen': 'Ab letztem Bild fortsetzen…',
  'round.moveEarlier': 'Nach vorn rücken',
  'round.moveLater': 'Nach hinten rücken',
  'project.actions': 'Projektaktionen',
  'project.nameHint': 'Zum Umbenennen auf den Namen klicken',
  'project.nameEmpty':
    'Ein Projekt braucht einen Namen: Geben Sie einen ein oder drücken Sie Escape, um „{name}“ zu behalten.',
  'round.extendVideoOpen': 'Video fortsetzen…',
  'round.extendVideoForm': 'Das Video von Versuch {position} fortsetzen',
  'round.extendVideoWhat':
    'Die Fortsetzung von Versuch {position} mit seinem Clip als Referenz {into, select, new {in einen neuen Shot danach} other {in diesen Shot, wo sie zum Take wird}} senden',
  'round.extendPlace': 'Wohin die Fortsetzung von Versuch {position} kommt',
  'round.extendInto':
    '{into, select, new {In einem neuen Shot fortsetzen} other {In diesem Shot fortsetzen}}',
  'round.uploadFirst':
    'Der Dienst nimmt ein Referenzvideo nur als hochgeladenes Asset an, und dieser Clip kam als Download-Link zurück. Laden Sie {file} auf der Website des Anbieters in Ihr Konto hoch und fügen Sie dann hier seine asset://-Adresse ein.',
  'round.assetAddress': 'Asset-Adresse von Versuch {position}',
  'round.continuation': 'Wie Versuch {position} weitergeht',
  'round.extendVideo': 'Video fortsetzen',

  'round.paidLabel': 'Kostenpflichtige Anfrage bestätigen',
  'round.paidAbout': '{what} – für etwa {cost}?',
  'round.paidUpTo': '{what} – für bis zu {cost}?',

  'round.editor': 'Neuer Versuch',
  'round.kind': 'Art des Versuchs',
  'round.mode.text': 'Text zu Video',
  'round.mode.image': 'Bild zu Video',
  'round.mode.frames': 'Erstes und letztes Bild',
  'round.mode.video': 'Videoreferenz',
  'round.mode.audio': 'Audioreferenz',
  'round.mode.edit': 'An Zeitpunkten bearbeiten',
  'round.mode.auto': 'Automatisch (Omni-Referenz)',
  'round.prompt': 'Prompt',
  'round.model': 'Modell',
  'round.duration': 'Dauer (s)',
  'round.durationField': 'Dauer',
  'round.resolution': 'Auflösung',
  'round.ratio': 'Seitenverhältnis',
  'round.sound': 'Ton',
  'round.watermark': 'KI-Wasserzeichen im Clip',
  'round.keepLastFrame': 'Letztes Bild behalten (zum Fortsetzen)',
  'round.costAbout': 'Etwa {cost} für einen Clip von {seconds} Sekunden',
  'round.costUpTo': 'Bis zu {cost}: Das Modell wählt die Länge, höchstens {seconds} s',
  'round.lengthUnknown':
    '{count, plural, one {Die Länge von Referenz {references} ist auf diesem Computer nicht bekannt} other {Die Länge der Referenzen {references} ist auf diesem Computer nicht bekannt}} und wird daher hier nicht geprüft: Der Dienst prüft nach dem Senden, ob ein Referenzvideo {min} bis {max} Sekunden lang ist, und lässt den Versuch sonst scheitern.',
  'round.editorDemo': 'Demo: Der eingebaute Simulator erstellt ihn, nichts wird berechnet',
  'round.balance': 'Guthaben {balance}',
  'round.overCap':
    'zusammen mit {spent}, die bereits ausgegeben oder unterwegs sind, über Ihrer Budgetgrenze von {cap}',
  'round.overMonthlyCap':
    'zusammen mit {spent}, die im {month} bereits ausgegeben oder unterwegs sind, über Ihrer monatlichen Budgetgrenze von {cap}',
  'round.addToBatch': 'Weiteren Versuch zu diesem Stapel hinzufügen',
  'round.inBatch': '{count} weitere in diesem Stapel',
  'core.rounds.referenceUnreadable':
    '{name} lässt sich nicht als Bild lesen. Wählen Sie eine JPEG-, PNG- oder WebP-Datei.',
  'core.rounds.referenceFormat':
    '{name} ist eine {format}-Datei, die der Dienst nicht als Referenz annimmt. Speichern Sie sie als JPEG oder PNG und wählen Sie sie erneut.',
  'round.chooseFile': 'Datei wählen…',
  'round.fromComputer': '{name} · auf diesem Computer, wird in der Anfrage mitgesendet',
  'round.fromComputerUnnamed': 'Ein Bild von diesem Computer, wird in der Anfrage mitgesendet',
  'round.clearFile': 'Bild entfernen',
  'request.inlineTooLarge':
    'Die Bilder von diesem Computer machen die Anfrage etwa {megabytes} MB groß, der Dienst nimmt höchstens {max} MB an. Wählen Sie kleinere Bilder (etwa als JPEG gespeichert) oder weniger.',
  'round.batchLine':
    'Versuch {number}: {prompt} · {kind} · {length} · {upTo, select, true {bis zu {cost}} other {etwa {cost}}}',
  'round.batchChip':
    'Versuch {number}: {prompt} · {upTo, select, true {bis zu {cost}} other {{cost}}}',
  'round.pastedPicture': 'Eingefügtes Bild',
  'round.dropNeedsAddress':
    '{name}: Der Dienst nimmt Clips und Töne nur über eine Adresse an. Laden Sie die Datei in Ihr Konto hoch und fügen Sie ihre asset://-Adresse ein (ein Ton darf auch eine Webadresse sein).',
  'round.dropNotMedia':
    '{name} ist weder Bild noch Clip noch Ton: Ziehen Sie Bilder hierher (JPEG, PNG, WebP, TIFF oder GIF) oder fügen Sie die Adresse eines Clips oder Tons ein.',
  'round.batchEdit': 'Zurück ins Formular',
  'round.batchRemove': 'Aus dem Stapel entfernen',
  'round.batchDetails':
    '{resolution} · {ratio} · {sound, select, true {mit Ton} other {ohne Ton}} · {references, plural, =0 {keine Referenzen} one {# Referenz} other {# Referenzen}}',
  'round.toSend': 'Zu sendende Versuche',
  'round.formNotSent':
    'Der Versuch im Formular ist nicht vollständig und wird daher nicht gesendet: Er bleibt im Formular.',
  'round.review': 'Prüfen und senden',
  'round.confirmAbout':
    '{count, plural, one {# Versuch} other {# Versuche}} für etwa {cost} senden?',
  'round.confirmUpTo':
    '{count, plural, one {# Versuch} other {# Versuche}} für bis zu {cost} senden?',

  // What the window's requests are refused with.
  'ipc.untrusted': 'Diese Anfrage kam nicht aus dem Clearframe-Fenster.',
  'ipc.unknownChannel': 'Es gibt keinen Kanal namens {channel}.',
  'ipc.malformed': 'Die Anfrage an {channel} war fehlerhaft: {problem}',
  'ipc.notAvailable': '{channel} ist in diesem Fenster nicht verfügbar.',
  'ipc.failed':
    'Clearframe konnte das nicht ausführen ({detail}). Versuchen Sie es erneut; wenn es weiter scheitert, kopieren Sie die Diagnose und melden Sie es.',
  'ipc.problem.dropSomething': 'Ziehen Sie mindestens eine Datei oder einen Ordner hierher.',
  'ipc.problem.chooseImportFile': 'Wählen Sie eine CSV- oder JSON-Datei.',
  'ipc.problem.pastedTooLarge':
    'Das eingefügte Bild ist zu groß; speichern Sie es als Datei und fügen Sie die Datei hinzu.',
  'ipc.problem.pastedNotImage': 'Die eingefügten Daten sind kein Bild.',
  'ipc.problem.chooseImage': 'Wählen Sie mindestens ein Bild.',
  'ipc.problem.growAtLeast': 'Vergrößern oder verkleinern Sie um mindestens 1 Pixel.',
  'ipc.problem.sayNext': 'Beschreiben Sie, was als Nächstes passiert.',
  'ipc.problem.frameTooLarge': 'Das aus dem Clip genommene Bild ist zu groß zum Senden.',
  'ipc.problem.frameNotBase64': 'Das aus dem Clip genommene Bild ist kein Base64.',
  'ipc.problem.findAgain': 'Suchen Sie das Wasserzeichen erneut.',

  // A value a form or a file gives that its rule does not take.
  'check.month': 'Geben Sie den Monat als JJJJ-MM an, zum Beispiel 2026-03.',
  'check.choose': 'Wählen Sie {choices}.',
  'check.number': 'Geben Sie eine Zahl ein.',
  'check.wholeNumber': 'Geben Sie eine ganze Zahl ein.',
  'check.atLeast': 'Mindestens {bound}.',
  'check.moreThan': 'Muss größer als {bound} sein.',
  'check.atMost': 'Höchstens {bound}.',
  'check.lessThan': 'Muss kleiner als {bound} sein.',
  'check.empty': 'Füllen Sie dieses Feld aus; es darf nicht leer sein.',
  'check.tooLong': 'Höchstens {count, plural, one {# Zeichen} other {# Zeichen}}.',
  'check.atLeastItems':
    'Geben Sie mindestens {count, plural, one {# Eintrag} other {# Einträge}} an.',
  'check.atMostItems': 'Höchstens {count, plural, one {# Eintrag} other {# Einträge}} auf einmal.',
  'check.address': 'Geben Sie eine vollständige Adresse ein, die mit https:// beginnt.',
  'check.unknownFields':
    'Clearframe kennt {fields} nicht; {count, plural, one {entfernen Sie es} other {entfernen Sie sie}}.',
  'check.invalid': 'Dieser Wert kann nicht verwendet werden; geben Sie einen anderen ein.',
  'settings.problem.address':
    'Geben Sie eine vollständige Adresse ein, die mit https:// beginnt (oder http:// für einen lokalen Dienst).',
  'settings.problem.addressScheme': 'Die Adresse muss mit https:// oder http:// beginnen.',
  'settings.problem.capAmount': 'Geben Sie einen Betrag in USD ein.',
  'settings.problem.capNegative': 'Die Grenze darf nicht negativ sein.',
  'settings.problem.templateEmpty':
    'Die Vorlage für Dateinamen ist leer; geben Sie eine ein, etwa {example}, die den Namen des Bildes behält.',
  'settings.problem.templateCharacters':
    'Die Vorlage für Dateinamen darf {characters} nicht enthalten.',
  'settings.problem.templateUnknown':
    'Unbekannt in der Vorlage für Dateinamen: {unknown}; verwenden Sie {tokens}.',
  'settings.problem.templateNoName':
    'Die Vorlage für Dateinamen braucht {name} oder {n}, sonst bekäme jedes Ergebnis denselben Namen.',

  // What is wrong with a key as typed or pasted.
  'keys.problem.spaces':
    'Der Schlüssel hat Leerzeichen am Anfang oder Ende; fügen Sie ihn ohne diese erneut ein.',
  'keys.problem.tooShort':
    'Der Schlüssel ist zu kurz; kopieren Sie den ganzen Schlüssel von Ihrer Kontoseite.',
  'keys.problem.tooLong':
    'Der Schlüssel ist zu lang; kopieren Sie nur den Schlüssel von Ihrer Kontoseite.',
  'keys.problem.characters':
    'Der Schlüssel enthält Zeichen, die ein Schlüssel nicht haben kann; kopieren Sie ihn erneut von Ihrer Kontoseite.',

  // What the budget cap and the balance say before a round is paid for.
  'budget.overCap':
    'Dieser Versuch ({estimate}) würde die Videoausgaben auf {total} bringen, über Ihre Budgetgrenze von {cap}: {spent} ausgegeben und {inFlight} in bereits gesendeten Versuchen. Erhöhen Sie die Grenze in den Einstellungen und wiederholen Sie dann diesen Versuch.',
  'budget.overMonthlyCap':
    'Dieser Versuch ({estimate}) würde die Videoausgaben im {month} auf {total} bringen, über Ihre monatliche Budgetgrenze von {cap}: {spent} in diesem Monat ausgegeben und {inFlight} in bereits gesendeten Versuchen. Erhöhen Sie die Grenze in den Einstellungen, oder versuchen Sie es im {nextMonth} erneut.',
  'budget.balanceLow':
    'Das Videoguthaben beträgt {balance}; dieser Versuch braucht etwa {estimate}. Laden Sie das Guthaben auf der Website des Anbieters auf und wiederholen Sie dann diesen Versuch.',
  'budget.balanceLowHeld':
    'Das Videoguthaben beträgt {balance}, davon sind {held} durch bereits gesendete Versuche gebunden; dieser Versuch braucht etwa {estimate}. Laden Sie das Guthaben auf der Website des Anbieters auf und wiederholen Sie dann diesen Versuch.',

  // The rules of a round, said where the round form and the command line check it.
  'request.writePrompt':
    'Schreiben Sie einen Prompt: Jeder Versuch braucht einen, auch mit Referenzen.',
  'request.tooManyReferences':
    'Entfernen Sie {count, plural, one {# Referenz} other {# Referenzen}}: Ein Versuch erlaubt neben dem Prompt höchstens {max}.',
  'request.giveAddress': 'Geben Sie die Adresse von Referenz {number} an, oder entfernen Sie sie.',
  'request.videoAsAsset':
    'Geben Sie Referenz {number} als asset://-Adresse an: Der Dienst nimmt ein Video erst, wenn es auf der Website des Anbieters in Ihr Konto hochgeladen ist.',
  'request.publicAddress':
    'Geben Sie Referenz {number} als Adresse an, die mit https:// (eine öffentliche Webadresse) oder asset:// (in Ihr Konto hochgeladen) beginnt.',
  'request.sayRole': 'Geben Sie an, wofür Referenz {number} dient: {roles}.',
  'request.wrongRole':
    'Referenz {number} ist {kind, select, image {ein Bild} video {ein Video} other {ein Ton}} und kann daher nicht „{role}“ sein: Wählen Sie {roles}.',
  'request.promptNamesMissing':
    'Der Prompt nennt {token}, aber der Versuch hat {kind, select, image {{count, plural, =0 {keine Bildreferenz} one {# Bildreferenz} other {# Bildreferenzen}}} video {{count, plural, =0 {keine Videoreferenz} one {# Videoreferenz} other {# Videoreferenzen}}} other {{count, plural, =0 {keine Audioreferenz} one {# Audioreferenz} other {# Audioreferenzen}}}}: Fügen Sie eine hinzu, oder ändern Sie {token} im Prompt.',
  'request.autoOnly': 'Wählen Sie „Automatisch“ als Art des Versuchs oder eine andere Art.',
  'request.resolution':
    'Wählen Sie die Auflösung {choices}; {resolution} erstellt der Dienst nicht.',
  'request.autoRatio':
    'Wählen Sie das Seitenverhältnis {ratio}: In einem automatischen Versuch bestimmt das Modell die Form des Clips.',
  'request.autoDuration':
    'Überlassen Sie die Dauer dem Modell: Ein automatischer Versuch wählt seine Länge selbst.',
  'request.autoTakesReferences':
    'Ein automatischer Versuch nimmt nur Referenzen, daher kann Referenz {number} nicht „{role}“ sein: Wählen Sie für Bilder am Anfang oder Ende eine andere Art von Versuch.',
  'request.adaptiveOnlyAuto':
    'Wählen Sie das Seitenverhältnis {choices}: {ratio} gibt es nur für automatische Versuche.',
  'request.ratio': 'Wählen Sie das Seitenverhältnis {choices}; {ratio} erstellt der Dienst nicht.',
  'request.duration':
    'Stellen Sie eine Dauer von {min} bis {max} Sekunden ein: {model} erstellt {open, select, true {keinen Clip offener Länge} other {keinen Clip von {seconds} Sekunden}}.',
  'request.oneFrameEach': 'Geben Sie ein erstes Bild und höchstens ein letztes Bild an.',
  'request.firstFrameNeeded':
    'Fügen Sie ein erstes Bild hinzu: Ein Versuch, der mit einem letzten Bild endet, beginnt mit einem ersten.',
  'request.framesOrReferences':
    'Verwenden Sie Bilder am Anfang und Ende oder Referenzen, nicht beides: Entfernen Sie eines, oder wählen Sie „Automatisch“ als Art des Versuchs, um mit Referenzen zu arbeiten.',
  'request.referenceLength':
    'Referenz {number} ist {seconds} s lang, und ein automatischer Versuch nimmt Referenzvideos von {min} bis {max} Sekunden: Kürzen Sie es, oder wählen Sie ein anderes Video.',
  'referenceImage.tooManyBytes':
    'Ein Referenzbild darf höchstens {megabytes} MB groß sein. Speichern Sie es kleiner und fügen Sie es erneut hinzu.',
  'referenceImage.sides':
    'Ein Referenzbild braucht {min} bis {max} Pixel auf jeder Seite; dieses hat {width}×{height}. Ändern Sie seine Größe und fügen Sie es erneut hinzu.',
  'referenceImage.shape':
    'Ein Referenzbild muss ein Seitenverhältnis zwischen {min}:1 und {max}:1 haben; dieses hat {aspect}:1. Schneiden Sie es zu und fügen Sie es erneut hinzu.',
  'image.tooLargeToOpen':
    'Das Bild ist zu groß: {width}×{height} Pixel ({megapixels} Megapixel), mehr als die {limit} Megapixel, die Clearframe öffnen kann. Verkleinern Sie es in einem Bildbearbeitungsprogramm und fügen Sie es dann erneut hinzu.',

  'round.role.firstFrame': 'Erstes Bild',
  'round.role.lastFrame': 'Letztes Bild',
  'round.role.referenceImage': 'Referenzbild',
  'round.role.referenceVideo': 'Referenzvideo',
  'round.role.referenceAudio': 'Referenzton',
  'round.slot': '{role}, Referenz {number} ({accepts})',
  'round.acceptsAssetOrWeb': 'asset:// oder https://',
  'round.slotPlaceholder': 'asset://… oder https://…',
  'round.assetPlaceholder': 'asset://…',
  'round.size': '{width}×{height}',
  'round.slotPreview': 'Vorschau: {role}',
  'round.thumb.asset': 'Asset',
  'round.thumb.image': 'Bild',
  'round.thumb.video': 'Video',
  'round.thumb.audio': 'Ton',
  'round.demoMedia': 'Demo-Medien:',
  'round.demoMediaFor': 'Demo-Medien für Referenz {number}',
  'round.demoAsset.demo-image-landscape': 'Foto im Querformat',
  'round.demoAsset.demo-image-portrait': 'Foto im Hochformat',
  'round.demoAsset.demo-video-8s': 'Clip von 8 Sekunden',
  'round.demoAsset.demo-video-2s': 'Clip von 2 Sekunden',
  'round.demoAsset.demo-audio-6s': 'Ton von 6 Sekunden',

  'import.title': 'Versuche importieren',
  'import.heading': 'Versuche in {project} importieren',
  'import.about':
    'Eine CSV-Datei (eine Kopfzeile, dann ein Versuch je Zeile) oder eine JSON-Liste mit den Spalten prompt, kind, references, duration, ratio und shot. Referenzen werden als image=…, video=… oder audio=… geschrieben, getrennt durch |. Jede Zeile wird geprüft, bevor etwas eingereiht wird.',
  'import.file': 'CSV- oder JSON-Datei mit Versuchen',
  'import.checking': 'Jede Zeile wird geprüft…',
  'import.noPath':
    'Clearframe kann nicht erkennen, wo {name} gespeichert ist. Speichern Sie die Datei auf diesem Computer und wählen Sie sie dann erneut.',
  'import.problems':
    'Aus {name} kann nichts eingereiht werden, bis jede Zeile die Prüfung besteht. Korrigieren Sie diese Zeilen und wählen Sie die Datei erneut:',
  'import.problem': '<strong>{label}:</strong> {message}',
  'import.row': 'Zeile',
  'import.shot': 'Shot',
  'import.kind': 'Art',
  'import.prompt': 'Prompt',
  'import.cost': 'Kosten',
  'import.costAbout': 'etwa {cost}',
  'import.costUpTo': 'bis zu {cost}',
  'import.total': '{count, plural, one {# Versuch} other {# Versuche}}, insgesamt {total}.',
  'import.close': 'Schließen',
  'import.queueWhat': '{count, plural, one {# Versuch} other {# Versuche}} aus {name} einreihen',
  'import.queue': '{count, plural, one {# Versuch} other {# Versuche}} für {total} einreihen',
  'import.queued':
    '{count, plural, one {# Versuch aus {name} ist in {project} eingereiht.} other {# Versuche aus {name} sind in {project} eingereiht.}}',
  'round.frameUnreadable':
    'Der Clip ließ sich hier nicht abspielen, um sein letztes Bild zu nehmen: Spielen Sie ihn einmal im Player ab und setzen Sie ihn dann erneut fort.',
  // ── end of Video workspace.

  // ── Images workspace: keys of the finder, previews and output go below this line.
  'images.urlForm': 'Bild über seine Adresse hinzufügen',
  'images.urlLabel': 'Bildadresse',
  'images.urlPlaceholder': 'https://…',
  'images.urlAdd': 'Hinzufügen',
  'images.reasonLine': '{name}: {reason}',
  'images.skippedTitle': 'Nicht übernommen ({count}), jeweils mit dem Grund:',
  'images.skippedList': 'Übersprungen',
  'images.ready': 'Bereit:',
  'images.readySummary': '{count, plural, one {# Bild} other {# Bilder}}, {masked} mit Maske',
  'images.selectAll': 'Alle auswählen',
  'images.selectNone': 'Keine auswählen',
  'images.removeSelected': 'Ausgewählte entfernen',
  'images.find': 'Wasserzeichen finden',
  'images.startFree':
    'Starten – kostenlos, auf diesem Computer{left, plural, =0 {} other {; # ausgelassen: schon bereinigt}}',
  'images.start':
    'Starten – verbraucht {credits} für {count, plural, one {# Bild} other {# Bilder}}{free, plural, =0 {} other {; # kostenlos auf diesem Computer}}{left, plural, =0 {} other {; # ausgelassen: schon bereinigt}}',
  'images.startUpTo':
    'Starten – verbraucht bis zu {credits} für {count, plural, one {# Bild} other {# Bilder}}{free, plural, =0 {} other {; # kostenlos auf diesem Computer}}{left, plural, =0 {} other {; # ausgelassen: schon bereinigt}}',
  'images.startNothing':
    'Nichts zu senden: {left, plural, one {# Bild wurde} other {# Bilder wurden}} schon mit derselben Maske bereinigt. Haken Sie „erneut bereinigen“ an, um eines noch einmal zu senden.',
  'images.heldBackUnsure':
    '{count, plural, one {# Bild wird zurückgehalten: „Wasserzeichen finden“ war sich seiner Markierung nicht sicher, daher wird dafür nichts gesendet. Malen Sie mit „Maske bearbeiten“ eine Maske, oder haken Sie es in „Wasserzeichen finden“ an.} other {# Bilder werden zurückgehalten: „Wasserzeichen finden“ war sich ihrer Markierung nicht sicher, daher wird dafür nichts gesendet. Malen Sie mit „Maske bearbeiten“ eine Maske, oder haken Sie sie in „Wasserzeichen finden“ an.}}',
  'images.startOnlyUnsure':
    'Noch nichts zu senden: „Wasserzeichen finden“ war sich der Markierung auf diesen Bildern nicht sicher. Malen Sie zuerst eine Maske darauf.',
  'images.cleanedBefore':
    '{count, plural, one {# davon wurde schon einmal bereinigt} other {# davon wurden schon einmal bereinigt}}. Ein Bild, das mit derselben Maske erneut gesendet würde, wird ausgelassen und kostet nichts, außer Sie haken „erneut bereinigen“ an.',
  'images.appliedSameSize':
    '{count, plural, one {Maske auf # Bild mit {size} angewendet.} other {Maske auf # Bilder mit {size} angewendet.}}',
  'images.appliedAll':
    '{count, plural, one {Maske auf # Bild angewendet.} other {Maske auf # Bilder angewendet.}}',
  'images.appliedSelected':
    '{count, plural, one {Maske auf # ausgewähltes Bild angewendet.} other {Maske auf # ausgewählte Bilder angewendet.}}',
  'images.appliedScaled':
    '{count, plural, one {# davon hat eine andere Größe als {size}: Die Maske wurde passend skaliert, jede Markierung so nah an ihrer Ecke wie auf {name}. Prüfen Sie es mit „Maske bearbeiten“.} other {# davon haben eine andere Größe als {size}: Die Maske wurde passend skaliert, jede Markierung so nah an ihrer Ecke wie auf {name}. Prüfen Sie sie mit „Maske bearbeiten“.}}',
  'images.twoSentences': '{first} {second}',
  'images.maskSaved': 'Maske für {name} gespeichert.',
  'images.maskRemoved': 'Maske von {name} entfernt.',
  'images.foundNote':
    '{count, plural, one {Die gefundene Maske liegt auf # Bild} other {Die gefundene Maske liegt auf # Bildern}}{free, plural, =0 {} other {, # davon werden kostenlos auf diesem Computer bereinigt}}. Prüfen Sie eines mit „Vorschau“ oder ändern Sie sie mit „Maske bearbeiten“.',
  'images.applySameSize': 'Auf alle Bilder mit {size} anwenden',
  'images.applyAll': 'Auf alle {count} Bilder anwenden',
  'images.applySelected': 'Auf ausgewählte anwenden',
  'images.previewFree': 'Vorschau von {name} (kostenlos)',
  'images.noMaskAll':
    'Noch keines hat eine Maske: Der Dienst sucht das Wasserzeichen dann selbst und entfernt, was er findet (der Demomodus übermalt eine Markierung, die er in einer Ecke findet). Malen Sie eine Maske dort, wo stattdessen gesucht werden soll.',
  'images.noMaskSome':
    '{count, plural, one {# davon hat keine Maske} other {# davon haben keine Maske}}: Der Dienst sucht das Wasserzeichen dann selbst und entfernt, was er findet (der Demomodus übermalt eine Markierung, die er in einer Ecke findet). Malen Sie eine Maske dort, wo stattdessen gesucht werden soll.',
  // The staged images the measured mark cleans here (a profile or the finder's choice).
  'images.localAll':
    '{count, plural, one {Es wird} other {Alle # werden}} auf diesem Computer kostenlos mit dem gemessenen Wasserzeichen bereinigt: Dafür wird nichts an den Dienst gesendet.',
  'images.localSome':
    '{count, plural, one {# davon wird} other {# davon werden}} auf diesem Computer kostenlos mit dem gemessenen Wasserzeichen bereinigt: Dafür wird nichts an den Dienst gesendet.',
  'images.list': 'Bilder bereit',
  'images.select': '{name} auswählen',
  'images.fromWeb': '{name} (aus dem Web)',
  'images.localFree': 'wird auf diesem Computer bereinigt, kostenlos',
  'images.cleanAgain': 'Schon bereinigt · erneut bereinigen',
  'images.scaledHint':
    'Die Maske wurde auf einem Bild mit {size} gezeichnet und auf dieses skaliert.',
  'images.badge.scaled': 'Maske, skaliert',
  'images.badge.mask': 'Maske',
  'images.badge.none': 'keine Maske',
  'images.editMask': 'Maske bearbeiten',
  'images.paintMask': 'Maske malen',
  'images.editMaskOf': 'Maske bearbeiten: {name}',
  'images.paintMaskOf': 'Maske malen: {name}',
  'images.preview': 'Vorschau',
  'images.previewHint': 'Eine kostenlose Übermalung auf diesem Computer, um die Maske zu prüfen',
  'images.maskEditor': 'Maskeneditor',
  'images.compareTitle': 'Vorher und nachher: {name}',
  'images.cleaned': 'bereinigt',
  'images.savedTo': 'Gespeichert unter {path}',
  'finder.looking': 'Wasserzeichen wird gesucht',
  'finder.lookingFor':
    'Suche nach einer Markierung, die die {count} Bilder gemeinsam haben – auf diesem Computer, kostenlos…',
  'finder.cancel': 'Abbrechen',
  'finder.close': 'Schließen',
  'finder.found': 'Das gefundene Wasserzeichen',
  'finder.intro':
    'Rot zeigt, was die Maske jedes Bildes abdeckt. Entfernen Sie das Häkchen bei einem Bild, um es auszulassen; nach dem Übernehmen lässt sich jede Maske mit „Maske bearbeiten“ anpassen.',
  'finder.groupSize': '{count, plural, one {# Bild mit {size}} other {# Bilder mit {size}}}',
  'finder.groupCorner':
    '{count, plural, one {# Bild} other {# Bilder}} in verschiedenen Größen, die Markierung in der Ecke {corner, select, top_left {oben links} top_right {oben rechts} bottom_left {unten links} other {unten rechts}}',
  'finder.groupHeading': '{group}: {finding}',
  'finder.noShared': 'keine gemeinsame Markierung gefunden; malen Sie eine Maske von Hand',
  'finder.markOn': 'die Markierung ist auf {count} davon',
  'finder.serviceOnly':
    'Nur der Dienst kann diese bereinigen: Zum Bereinigen auf diesem Computer wird die Markierung über mindestens 3 Bilder einer Größe gemessen, die sie tragen.',
  'finder.markFound': 'Markierung gefunden ({percent})',
  'finder.noMark': 'keine Markierung erkannt ({percent})',
  'finder.more': 'Und {count} weitere dieser Gruppe, nach ihren Werten genauso angehakt.',
  'finder.byHand': 'Von Hand zu markieren',
  'finder.byHandTitle': 'Von Hand zu markieren ({count})',
  'finder.use':
    '{count, plural, one {Masken für # Bild verwenden} other {Masken für # Bilder verwenden}}{free, plural, =0 {} other { (# auf diesem Computer bereinigt)}}',
  'finder.who': 'Wer sie bereinigt',
  'finder.byService': 'Der Dienst – {credits} pro Bild',
  'finder.byComputer': 'Dieser Computer – kostenlos',
  // The self-check: the quality cleaning on this computer is expected to give.
  'quality.expected':
    'Erwartete Qualität auf diesem Computer: {db} dB, {band, select, clean {das Zeichen sollte nicht zu sehen sein.} faint {auf gleichmäßigen Flächen kann eine schwache Spur des Zeichens bleiben.} other {im Ergebnis bleibt wahrscheinlich eine Spur des Zeichens sichtbar.}}',
  'quality.notChosen':
    '„Dieser Computer“ ist deshalb nicht vorausgewählt: Vergleichen Sie die beiden Vorschauen, bevor Sie ihn wählen.',
  'quality.short': 'erwartet {db} dB',
  'cli.engine.expectedLow':
    'Mit --engine local werden sie trotzdem bereinigt, und jedes Ergebnis wird als „Zeichen noch sichtbar“ markiert, es sei denn, die Prüfung nach dem Bereinigen findet keine Spur des Zeichens.',
  'finder.maskShare': 'Die Maske bedeckt {share} jedes Bildes.',
  'finder.tickGroup':
    '{count, plural, one {Das # Bild dieser Gruppe} other {Alle # Bilder dieser Gruppe}}',
  'finder.unsure': 'nicht sicher ({percent})',
  'finder.unreadable': 'Nicht lesbar',
  'finder.unreadableTitle': 'Nicht lesbar ({count})',
  'preview.title': 'Kostenlose Vorschau: {name}',
  'preview.afterWord': 'kostenlose Vorschau',
  'preview.note':
    'Kostenlos auf diesem Computer mit einer einfachen Übermalung erstellt, um zu zeigen, was die Maske abdeckt. Das Ergebnis des Dienstes selbst ist meist sauberer.',
  'preview.making': 'Vorschau wird erstellt',
  'preview.repainting': 'Der maskierte Bereich wird auf diesem Computer übermalt…',
  'preview.failed': 'Die Vorschau konnte nicht erstellt werden: {reason}',
  'preview.close': 'Schließen',
  'preview.eachEngine': '{name}, auf beide Arten bereinigt',
  'preview.enlarged': '{name}, um die Markierung vergrößert, auf beide Arten bereinigt:',
  'preview.cleanedLocal': 'auf diesem Computer bereinigt',
  'preview.cleanedService': 'vom Dienst bereinigt',
  'preview.undoing': 'Die Markierung wird auf diesem Computer herausgerechnet',
  'preview.serviceCleaning': 'Der Dienst bereinigt das Bild',
  'preview.askService': 'Vorschau mit dem Dienst – {credits}',
  'preview.question': '{name} für eine Vorschau an den Dienst senden, für {credits}?',
  'preview.confirm': 'Vorschau von {name} mit dem Dienst bestätigen',
  'preview.byService':
    'Der Dienst – {credits} pro Bild{demo, select, true { (im Demomodus kostenlos)} other {}}',
  'output.summary': 'Ausgabe: {folder} · Namen wie {example}',
  'output.besideEach': 'ein Ordner „clearframe“ neben jedem Bild',
  'output.creditsLeft': '{count, plural, one {# Credit übrig} other {# Credits übrig}}',
  // Demo figures said as simulated, and what an empty filter of the results says.
  'output.demoCreditsLeft':
    '{count, plural, one {# Demo-Credit übrig (simuliert)} other {# Demo-Credits übrig (simuliert)}}',
  'account.demoCreditsLeft':
    '{remaining} von {limit, plural, one {# Demo-Credit} other {# Demo-Credits}} übrig (simuliert)',
  'account.demoBalance': '{balance} (simuliertes Demo-Guthaben)',
  'jobs.empty.all': 'Keine Bilder in dieser Liste',
  'jobs.empty.running': 'Keine laufenden Bilder',
  'jobs.empty.failed': 'Keine fehlgeschlagenen Bilder',
  'jobs.empty.doubt': 'Keine Ergebnisse zu prüfen',
  'jobs.empty.done': 'Noch keine fertigen Bilder',
  'output.folder': 'Ordner',
  'output.folderPlaceholder': 'Neben jedem Bild',
  'output.choose': 'Auswählen…',
  'output.fileName': 'Dateiname',
  'output.conflict': 'Wenn der Name vergeben ist',
  'output.layout': 'Unterordner eines abgelegten Ordners',
  'output.metadata': 'Metadaten behalten (EXIF, Farbprofil)',
  'output.format': 'Format',
  // ── end of Images workspace.

  // ── Command line and main process: keys of their messages go below this line.
  // Die Befehlszeile: wofür jeder Befehl ist und wie er geschrieben wird.
  'cli.summary.help': "listet die Befehle auf oder zeigt, wie einer benutzt wird (help '<'Befehl>)",
  'cli.summary.remove':
    'entfernt Wasserzeichen aus Bildern und Ordnern (mit --demo am Simulator ausprobieren)',
  'cli.summary.video': 'Videoprojekte: new, add-round, import, run, status, spending',
  'cli.summary.jobs': 'wie viele Aufträge in welchem Zustand sind (--watch zum Mitverfolgen)',
  'cli.summary.balance': 'Wasserzeichen-Credits und Videoguthaben',
  'cli.summary.key':
    'legt einen API-Schlüssel im Schlüsselbund des Systems ab, prüft oder löscht ihn',
  'cli.summary.simulator': 'startet den lokalen Ersatz für den Dienst (--port=N)',
  'cli.summary.version': 'gibt die Version aus',
  'cli.help.usage': 'Aufruf: clearframe help [Befehl]',
  'cli.help.head': "Aufruf: clearframe '<'Befehl> [Optionen]\n\nBefehle:",
  'cli.help.foot':
    'Optionen, die die meisten Befehle kennen: --json (ein JSON-Objekt pro Zeile), --demo (der\neingebaute Simulator statt des Dienstes), --data-dir Ordner (ein anderer Datenordner).\n\nExit-Codes: {done} fertig; {someFailed} einige Aufträge sind fehlgeschlagen oder warten auf Ihre\nEntscheidung, oder ein Fehler; {usage} die Befehlszeile war falsch; {noKey} kein API-Schlüssel;\n{spending} die Budgetgrenze oder das Guthaben hat einen bezahlten Versuch gestoppt; {interrupted} abgebrochen.',
  'cli.version.usage': 'Aufruf: clearframe version',
  'cli.jobs.usage':
    'Aufruf: clearframe jobs [--watch] [--json] [--data-dir Ordner]\n  Wie viele Bilder und Videoversuche in welchem Zustand sind. --watch zeichnet die Liste\n  jede Sekunde neu, bis Strg+C.',
  'cli.balance.usage':
    'Aufruf: clearframe balance [--demo] [--json] [--data-dir Ordner]\n  Die Wasserzeichen-Credits und das Videoguthaben, jeweils so, wie der eigene Dienst sie meldet.',
  'cli.remove.usage':
    "Aufruf: clearframe remove '<'Dateien|Ordner…> [--mask Datei | --mask-rect x,y,b,h | --auto-mask] [--out Ordner]\n                          [--recursive] [--concurrency n] [--retry] [--force] [--dry-run] [--demo] [--json] [--data-dir Ordner]\n  Entfernt das Wasserzeichen aus jedem genannten oder in den Ordnern gefundenen Bild. --mask\n  nimmt eine Maskendatei (Markierungen in jeder Farbe außer reinem Schwarz oder Weiß, oder Weiß\n  auf Schwarz); --mask-rect markiert ein Rechteck in Bildpixeln, das vor dem Senden gegen\n  jedes Bild geprüft wird. Nach einem Absturz einfach erneut ausführen: nichts Gesendetes\n  wird noch einmal gesendet.\n  --retry   fehlgeschlagene Dateien erneut versuchen: fragt den Dienst kostenlos erneut, wo er\n            das Bild hat, und bereitet eine nie angenommene Datei neu vor (etwa nach dem Ersetzen)\n  --force   bereits bereinigte oder fehlgeschlagene Dateien kostenpflichtig erneut senden (1 Credit je Bild)\n{masks}\n{engines}",
  'cli.masks.usage':
    '  --mask-anchor top-left|top-right|bottom-left|bottom-right|relative\n            wovon aus --mask-rect (und --mask-clear-outside) gemessen wird: mit einer Ecke sind\n            x,y die Abstände von den Seiten dieser Ecke, sodass ein Rechteck auf Fotos jeder\n            Größe passt; mit relative sind alle vier Zahlen Anteile des Bildes von 0 bis 1\n  --auto-mask         findet das Wasserzeichen, das die Bilder gemeinsam haben, und zeigt je\n                      Gruppe, was gefunden wurde, bevor etwas gesendet wird; --mask-rect ist dann ein grober Hinweis\n  --dry-run           hält nach der Ausgabe dessen an, was gesendet würde: nichts wird gesendet oder bezahlt\n  --save-masks Ordner schreibt die Maske jeder Gruppe dort als PNG (weiß auf schwarz) in ihrer Größe\n  --mask-grow n, --mask-shrink n, --mask-invert, --mask-clear-outside x,y,b,h\n                      ändert die Maske vor dem Senden: um n Pixel vergrößern oder verkleinern,\n                      umkehren, alles außerhalb des Rechtecks leeren\n  --mask-whole        eine --mask-Datei, die jedes Pixel markiert (etwa ganz weiß), als\n                      Markierung des ganzen Bildes nehmen, das dann neu gemalt wird',
  'cli.engine.usage':
    '  --engine service|local\n                      service (Standard): der Dienst bereinigt jedes Bild, 1 Credit je Bild;\n                      local: dieser Computer macht die Überblendung des Wasserzeichens rückgängig,\n                      das --auto-mask im Stapel gemessen hat, kostenlos und offline; Bilder, für die\n                      sich das Zeichen nicht messen lässt, werden ausgelassen und genannt (senden Sie\n                      sie mit --engine service)',
  'cli.video.usage':
    "Aufruf:\n  clearframe video new '<'Name> [--shot Titel]\n  clearframe video add-round '<'Projekt- oder Shot-ID> --prompt Text [--duration s (Standard {seconds})] [--resolution 480p|720p]\n        [--ratio 16:9] [--model ID] [--image URL[=Rolle]]… [--video URL] [--audio URL] [--auto]\n        [--last-frame] [--generate-audio] [--watermark]\n  clearframe video add-round --extend '<'Versuchs-ID> --prompt Text\n  clearframe video import '<'Datei.csv|Datei.json> (--project ID | --new Name) [--yes]\n  clearframe video run [--concurrency n] [--out Ordner] [--demo]\n  clearframe video status [Projekt-ID]\n  clearframe video spending [--project ID] [--month JJJJ-MM] [--csv Datei]\n        jeder Versuch, den der Dienst berechnet haben könnte (seine Abrechnung oder, solange\n        der Dienst nichts gemeldet hat, seine Schätzung), neueste zuerst, nach Monat (Zeitzone\n        dieses Computers) und nach Projekt; --csv schreibt das zusätzlich als CSV-Datei, nie über\n        eine vorhandene Datei\nAlle kennen --json und --data-dir Ordner.\n\nvideo import stellt mehrere Versuche auf einmal in die Warteschlange, aus einer CSV-Datei (eine\nKopfzeile benennt die Spalten) oder einer JSON-Liste von Objekten, mit diesen Spalten oder Feldern:\n  prompt      was der Versuch zeigt (Pflicht)\n  kind        {kinds} (Standard text)\n  references  image=URL, video=URL oder audio=URL, getrennt durch | (in JSON eine Liste); die\n              N-te einer Art heißt im Prompt @imageN, @videoN, @audioN. \"video=asset://id from\n              clip.mp4\" nennt die Datei, aus der hochgeladen wurde, damit ihre Länge hier geprüft wird.\n  duration    Sekunden (Standard {seconds}; für auto leer lassen)\n  ratio       {ratios} (adaptive für auto)\n  shot        Versuche mit derselben Shot teilen sie; ein Versuch ohne bekommt eine eigene\nJede Zeile wird zuerst geprüft: eine fehlerhafte Zeile stellt nichts ein, und jedes Problem nennt\nseine Zeile. Die Versuche und ihre Gesamtkosten werden gezeigt und dann erfragt; --yes stellt sie\nohne Nachfrage ein (nötig, wenn die Standardeingabe kein Terminal ist).",

  // Die Befehlszeile: Fehler in dem, was eingegeben wurde.
  'cli.unknownCommand':
    'clearframe: unbekannter Befehl „{name}“. „clearframe help“ zeigt die Liste.',
  'cli.usageError': 'clearframe {command}: {problem} Siehe clearframe {command} --help.',
  'cli.commandProblem': 'clearframe {command}: {problem}',
  'cli.failed': 'clearframe: {problem}',
  'cli.unexpected':
    'clearframe {command}: ein unerwarteter Fehler hat den Befehl gestoppt: {problem}',
  'cli.args.unknownOption': 'unbekannte Option {option}.',
  'cli.args.unexpected': 'unerwartetes Argument {argument}.',
  'cli.args.takesNoValue': '{option} nimmt keinen Wert.',
  'cli.args.needsValue': '{option} braucht einen Wert.',
  'cli.args.thatOption': 'diese Option',
  'cli.args.unreadable': 'die Optionen lassen sich nicht lesen.',
  'cli.concurrency': '--concurrency muss eine ganze Zahl von 1 bis {most} sein.',
  'cli.fileProblem': '{file}: {problem}',
  'cli.note': 'Hinweis: {note}',
  'cli.ask.choices': '[j/N]',
  'cli.ask.yes': 'j|ja|y|yes',

  // Die Befehlszeile: Zustände und Dienste, wie ihre Listen sie nennen.
  'cli.state.queued': 'wartet',
  'cli.state.preparing': 'vorbereiten',
  'cli.state.submitting': 'wird gesendet',
  'cli.state.submitted': 'gesendet',
  'cli.state.processing': 'in Arbeit',
  'cli.state.downloading': 'wird geladen',
  'cli.state.done': 'fertig',
  'cli.state.failed': 'fehlgeschlagen',
  'cli.state.canceled': 'abgebrochen',
  'cli.state.needs-attention': 'Entscheidung nötig',
  'cli.service.watermark': 'Wasserzeichen',
  'cli.service.video': 'Video',

  // Die Befehlszeile: Fortschritt, die App begleiten, Zählungen und Guthaben.
  'cli.progress.bar':
    '{label} [{bar}] {settled}/{total}{failed, plural, =0 {} other {, # fehlgeschlagen}}',
  'cli.progress.skipped': 'übersprungen',
  'cli.progress.waiting':
    'wartet: {reason} Strg+C hält hier an und behält jeden Auftrag für den nächsten Lauf.',
  'cli.progress.resumed': 'es geht weiter: auf dem Datenträger ist wieder Platz.',
  'cli.follow.otherOut':
    '{holder} belegt diesen Datenordner und schreibt Ergebnisse nach {theirs}, nicht nach {out}. Führen Sie den Befehl ohne --out aus, oder beenden Sie die App und führen Sie ihn erneut aus.',
  'cli.follow.defaultFolders': 'seine Standardordner',
  'cli.follow.handedOver':
    '{holder} belegt diesen Datenordner: Dort laufen diese Aufträge, und ihr Fortschritt wird hier gezeigt. Strg+C beendet das Mitverfolgen; die App arbeitet weiter.',
  'cli.jobs.count': '{count} {state}',
  'cli.jobs.none': 'keine',
  'cli.jobs.images': 'Bilder: {list}',
  'cli.jobs.rounds': 'Videoversuche: {list}',
  'cli.jobs.clips': 'Clips: {list}',
  'cli.remove.clipInWindow':
    'Clips werden im Fenster bereinigt (Bildschirm Bilder, Bereich Videos), wo WebCodecs sie dekodiert; die Befehlszeile kann das nicht.',
  'cli.balance.line': '{service}: {quota} (laut {host})',
  'cli.balance.failed': '{service}: {problem}',
  'cli.balance.unknown': 'unbekannt',

  // Die Befehlszeile: Wasserzeichen entfernen.
  'cli.remove.noInputs': 'nennen Sie mindestens ein Bild oder einen Ordner.',
  'cli.remove.noMaskFile': 'die Maskendatei {file} gibt es nicht.',
  'cli.remove.masksWritten': 'Masken geschrieben: {files}.',
  'cli.remove.noMasksWritten': 'Masken geschrieben: keine (kein Wasserzeichen gefunden).',
  // Bezahlte Masken: wie viel des Bildes sie abdecken; über einem Anteil wird gefragt.
  'masks.share':
    '{count, plural, one {Die Maske deckt {largest} ihres Bildes ab.} other {{same, select, yes {Die Masken decken je {largest} ihres Bildes ab.} other {Die Masken decken {smallest} bis {largest} ihrer Bilder ab.}}}}',
  'masks.largeShare':
    '{count, plural, one {# Bild hat eine Maske über {limit} des Bildes (die größte deckt {largest} ab): Der Dienst malt die ganze Maske neu, 1 Credit je Bild.} other {# Bilder haben Masken über {limit} ihrer Fläche (die größte deckt {largest} ab): Der Dienst malt die ganze Maske neu, 1 Credit je Bild.}}',
  'cli.masks.large.usage':
    '  --allow-large-mask  Masken, die mehr als {limit} eines Bildes abdecken, ohne Nachfrage senden\n                      (im Terminal wird gefragt; sonst wird nichts gesendet, Exit-Code 2)',
  'cli.remove.askLargeMasks': 'Trotzdem mit diesen Masken senden?',
  'cli.remove.sayLargeMasks':
    'Es wurde nichts gesendet. Sehen Sie sich die Masken an (--dry-run listet sie, --save-masks schreibt sie), oder fügen Sie --allow-large-mask hinzu, um sie so zu senden.',
  'cli.remove.largeMasksRefused':
    'Es wurde nichts gesendet. Geben Sie eine kleinere Maske an (--mask-rect oder --mask), oder markieren Sie die Bilder im Fenster von Hand.',
  'images.largeMasks.label': 'Große Masken',
  'images.largeMasks.ask':
    '{count, plural, one {Trotzdem senden oder zuerst von Hand markieren?} other {Trotzdem senden oder zuerst von Hand markieren?}}',
  'images.largeMasks.send': 'Trotzdem senden',
  'images.largeMasks.byHand': 'Von Hand markieren',

  'cli.remove.dryRun':
    'Probelauf: {count, plural, one {# Bild} other {# Bilder}} angesehen, nichts wurde gesendet und nichts bezahlt.',
  'cli.remove.cleaning': 'Bereinigen',
  'cli.remove.payingAgain':
    '--force: {count, plural, one {# Datei wird} other {# Dateien werden}} kostenpflichtig erneut gesendet, insgesamt {credits} (auch Dateien, die noch nie gesendet wurden).',
  'cli.remove.retryInApp':
    'Die App belegt diesen Datenordner, daher werden schon versuchte Dateien dort erneut versucht: Nutzen Sie „Erneut nachfragen“ oder „Erneut senden (kostenpflichtig)“ in ihrem Fenster, oder beenden Sie sie und führen Sie diesen Befehl erneut aus.',
  'cli.remove.itIs': 'Zustand: {state}.',
  'cli.remove.summary':
    '{done} fertig, {failed} fehlgeschlagen{attention, plural, =0 {} other {, # brauchen Ihre Entscheidung (der Dienst hat sie vielleicht schon)}}{skipped, plural, =0 {} other {, # nicht übernommen (jede steht oben mit dem Grund)}}.',
  'cli.plan.drawnMask': 'eine gezeichnete Maske',
  'cli.plan.unreadableMask':
    'eine Maske, die Clearframe nicht zurücklesen kann (seine Aufzeichnung des Auftrags ist beschädigt)',
  'cli.plan.noMask': 'keine Maske (die Ecke, die der Dienst wählt)',
  'cli.plan.alreadyCleaned':
    '{file}: bereits mit {used} bereinigt, daher wurde {asked} nicht verwendet. Mit --force senden Sie die Datei damit erneut, kostenpflichtig ({credits}).',
  'cli.plan.forceDamaged':
    'In der Befehlszeile fügt --force es als neuen Auftrag erneut hinzu ({credits}).',
  'cli.plan.retryFree':
    'Führen Sie den Befehl mit --retry erneut aus, um den Dienst noch einmal zu fragen (kostenlos); --force sendet erneut, kostenpflichtig ({credits}).',
  'cli.plan.forceAgain': '--force sendet es erneut ({credits}, womöglich eine zweite Zahlung).',
  'cli.plan.retryLater':
    'Sobald die Ursache behoben ist, führen Sie den Befehl mit --retry erneut aus ({credits}, wenn der Dienst es annimmt).',
  'cli.engine.unknown': '--engine erwartet service oder local.',
  'cli.engine.needsAutoMask':
    '--engine local macht die Überblendung eines über den Stapel gemessenen Wasserzeichens rückgängig: Fügen Sie --auto-mask hinzu (es braucht mindestens 3 Bilder einer Größe mit demselben Zeichen).',
  'cli.engine.notLocal':
    'in diesem Stapel ließ sich dafür kein Wasserzeichen messen (es braucht mindestens 3 Bilder seiner Größe mit demselben Zeichen), daher wurde es nicht bereinigt: Senden Sie es mit --engine service, oder markieren Sie es von Hand.',
  'cli.engine.groupLocal':
    'Gruppe {number} ({count, plural, one {# Bild} other {# Bilder}} mit dem Zeichen): auf diesem Computer, kostenlos; nichts wird gesendet.',
  'cli.engine.groupLeftOut':
    'Gruppe {number} ({count, plural, one {# Bild} other {# Bilder}}): nicht bereinigt, {reason}',
  'cli.engine.groupService':
    'Gruppe {number} ({count, plural, one {# Bild} other {# Bilder}}): der Dienst, {credits}.',

  // Die Befehlszeile: Videoprojekte und Versuche.
  'cli.video.costUpTo':
    'bis zu {cost} (Automodus: das Modell wählt die Länge; {seconds} s zu {rate} USD/s sind das Höchste, was es kosten kann)',
  'cli.video.costAbout': 'etwa {cost} ({seconds} s zu {rate} USD/s)',
  'cli.video.upTo': 'bis zu {cost}',
  'cli.video.about': 'etwa {cost}',
  'cli.video.nameProject': 'geben Sie dem neuen Projekt einen Namen.',
  'cli.video.created': 'Projekt „{name}“: {projectId}\nShot 1: {shotId}',
  'cli.video.needsPrompt': '--prompt ist nötig: Sagen Sie, was der Versuch zeigen soll.',
  'cli.video.wholeSeconds': '--duration nimmt ganze Sekunden, etwa 8.',
  'cli.video.noRound': 'Es gibt keinen Versuch {id}.',
  'cli.video.nameTarget': 'nennen Sie das Projekt oder den Shot, zu dem der Versuch gehört.',
  'cli.video.noTarget':
    'Es gibt kein Projekt und keinen Shot {id}. „clearframe video status“ listet sie auf.',
  'cli.video.queuedRound': 'Versuch {position} eingereiht: {roundId}\nKosten: {cost}',
  'cli.video.overCap':
    'Hinweis: Alles Eingereihte ergibt mit dem bisher Ausgegebenen {planned} und liegt über der Budgetgrenze von {cap}; Versuche über der Grenze halten an, bevor sie bezahlt werden.',
  'cli.video.overMonthlyCap':
    'Hinweis: Alles Eingereihte ergibt mit dem im {month} Ausgegebenen {planned} und liegt über der monatlichen Budgetgrenze von {cap}; Versuche über der Grenze halten an, bevor sie bezahlt werden.',
  'cli.video.round': 'Versuch {position} {state} {money}',
  'cli.video.charged': 'berechnet {cost}',
  'cli.video.estimated': 'geschätzt {cost}',
  'cli.video.demoCost': 'würde {cost} kosten (Demo, nicht berechnet)',
  'cli.video.rendering': 'Erzeugen',
  'cli.video.ran':
    '{done} von {total} Versuchen fertig, {charged} berechnet.{refused, plural, =0 {} other { # von der Budgetgrenze oder vom Guthaben gestoppt.}}',
  'cli.video.ranDemo':
    '{done} von {total} Versuchen fertig; sie hätten {charged} gekostet, aber der eingebaute Simulator hat sie erzeugt, und nichts wurde berechnet.{refused, plural, =0 {} other { # von der Budgetgrenze oder vom Guthaben gestoppt.}}',
  'cli.video.noProject': 'Es gibt kein Projekt {id}. „clearframe video status“ zeigt die Liste.',
  'cli.video.project': '{name}  ({id})',
  'cli.video.shot': 'Shot {position}  ({id})',
  'cli.video.shotTitled': 'Shot {position} „{title}“  ({id})',
  'cli.video.spending':
    'Ausgegeben {spent}; unterwegs {inFlight}; eingereiht {queued}, wenn alles läuft.',
  'cli.video.nameFile': 'nennen Sie die CSV- oder JSON-Datei, die importiert werden soll.',
  'cli.video.sayWhere':
    "sagen Sie, wohin die Versuche kommen: --project '<'ID> oder --new '<'Name>.",
  'cli.video.importTotal': '{count, plural, one {# Versuch} other {# Versuche}}, {total}.',
  'cli.video.cannotAsk':
    'clearframe video import: Nichts wurde eingereiht. Die Standardeingabe ist kein Terminal, daher kann Clearframe nicht fragen: Fügen Sie --yes hinzu, um diese Versuche zu den gezeigten Kosten einzureihen.',
  'cli.video.askQueue':
    '{count, plural, one {# Versuch} other {# Versuche}} für {total} einreihen?',
  'cli.video.nothingQueued': 'Nichts wurde eingereiht.',
  'cli.video.queuedImport':
    '{count, plural, one {# Versuch} other {# Versuche}} in Projekt {projectId} eingereiht. „clearframe video run“ erzeugt sie.',
  'cli.video.unknownSub': 'unbekannter Unterbefehl „{name}“.',
  'cli.video.nameSub': 'nennen Sie einen Unterbefehl.',
  'cli.session.demo':
    'Demomodus: Der eingebaute Simulator wird verwendet; nichts wird an den echten Dienst gesendet.',
  'cli.session.simulator': 'der eingebaute Simulator (Demomodus)',
  'cli.session.unsaidService': 'einen Dienst, den sie nicht genannt hat',
  'cli.session.busy':
    '{holder} arbeitet bereits im Datenordner {folder}. Warten Sie, bis das fertig ist (oder stoppen Sie es mit Strg+C), und führen Sie dies dann erneut aus.',
  'cli.session.otherService':
    '{holder} belegt den Datenordner {folder} und sendet {service}-Anfragen an {theirs}, während dieser Befehl {ours} nutzen würde; daher kann sie diese Aufträge nicht übernehmen. Beenden Sie die App und führen Sie dies erneut aus, oder sorgen Sie dafür, dass beide denselben Dienst nutzen (mit --demo, solange die App im Demomodus ist).',
  'cli.session.otherServiceDemo':
    '{holder} belegt den Datenordner {folder} und sendet {service}-Anfragen an {theirs}, während dieser Befehl {ours} nutzen würde; daher kann sie diese Aufträge nicht übernehmen. Beenden Sie die App und führen Sie dies erneut aus, oder sorgen Sie dafür, dass beide denselben Dienst nutzen (ohne --demo).',
  'cli.session.noWatermarkKey':
    'Es ist kein Wasserzeichen-API-Token gesetzt. Führen Sie „clearframe key set watermark“ aus (oder setzen Sie {variable}), oder fügen Sie --demo hinzu, um den eingebauten Simulator zu nutzen.',
  'cli.session.noVideoKey':
    'Es ist kein Video-API-Schlüssel gesetzt. Führen Sie „clearframe key set video“ aus (oder setzen Sie {variable}), oder fügen Sie --demo hinzu, um den eingebauten Simulator zu nutzen.',
  'cli.key.usage':
    'Aufruf: clearframe key set|test|clear watermark|video\n  set liest den Schlüssel von der Standardeingabe (im Terminal ohne Anzeige des Getippten),\n  damit er nie im Shell-Verlauf oder in der Prozessliste erscheint.',
  'cli.key.noDemo': 'der eingebaute Simulator braucht keinen Schlüssel; lassen Sie --demo weg.',
  'cli.key.removed':
    '{kind, select, watermark {Das Wasserzeichen-API-Token} other {Der Video-API-Schlüssel}} wurde aus dem Schlüsselbund des Systems entfernt.',
  'cli.key.noneStored':
    'Es war {kind, select, watermark {kein Wasserzeichen-API-Token} other {kein Video-API-Schlüssel}} gespeichert.',
  'cli.key.paste':
    'Fügen Sie {kind, select, watermark {das Wasserzeichen-API-Token} other {den Video-API-Schlüssel}} ein und drücken Sie die Eingabetaste ({kind, select, watermark {es} other {er}} wird nicht angezeigt):',
  'cli.key.notSet':
    'es ist {kind, select, watermark {kein Wasserzeichen-API-Token} other {kein Video-API-Schlüssel}} gesetzt. Führen Sie „clearframe key set {kind}“ aus.',
  // ── The agent door (clearframe mcp) and its allowance.
  'cli.summary.mcp': 'bedient KI-Agenten über MCP (stdio), im Rahmen eines Tagesbudgets',
  'cli.mcp.usage':
    'Aufruf: clearframe mcp [--credits-per-day=N] [--usd-per-day=X] [--demo] [--data-dir=DIR]\n  Ein MCP-Server auf Standardein- und -ausgabe für KI-Agenten (Claude Desktop, Claude Code…): Wasserzeichen finden, Bilder bereinigen, Videoversuche beziffern und einreihen, Aufträge und Ausgaben ansehen.\n  Kostenpflichtige Werkzeuge bleiben im Tagesbudget, das in den Einstellungen (Budget für Agenten pro Tag) oder mit diesen Optionen für diesen Server festgelegt ist; ohne Budget wird nichts Kostenpflichtiges gesendet.',
  'cli.mcp.badCredits': '{option} erwartet eine ganze Zahl von Credits, 0 oder mehr.',
  'cli.mcp.badUsd': '{option} erwartet einen Betrag in USD, 0 oder mehr.',
  'mcp.refused.credits':
    'Das würde bis zu {cost} kosten, und vom Budget für Agenten sind heute noch {left} von {allowance} übrig: Es wurde nichts gesendet. Um es zu erlauben, erhöhen Sie „Budget für Agenten pro Tag“ in den Einstellungen, oder starten Sie den Server mit --credits-per-day.',
  'mcp.refused.usd':
    'Dieser Versuch würde bis zu {cost} kosten, und vom Budget für Agenten sind heute noch {left} von {allowance} übrig: Es wurde nichts gesendet. Um es zu erlauben, erhöhen Sie „Budget für Agenten pro Tag“ in den Einstellungen, oder starten Sie den Server mit --usd-per-day.',
  'mcp.asked.no':
    'Die Person hat im Fenster von Clearframe mit Nein geantwortet: Es wurde nichts gesendet. Fragen Sie sie, bevor Sie erneut aufrufen, oder lassen Sie sie „Budget für Agenten pro Tag“ in den Einstellungen erhöhen.',
  'mcp.asked.noAnswer':
    'Im Fenster von Clearframe hat innerhalb von {seconds, plural, one {# Sekunde} other {# Sekunden}} niemand geantwortet: Es wurde nichts gesendet. Rufen Sie erneut auf, wenn jemand da ist, um es zu erlauben, oder lassen Sie „Budget für Agenten pro Tag“ in den Einstellungen erhöhen.',
  'mcp.ledgerDamaged':
    'Die Budgetdatei für Agenten {file} kann nicht gelesen werden, deshalb wird nichts Kostenpflichtiges gesendet. Prüfen oder löschen Sie sie: Die Zählung für heute beginnt dann wieder bei null.',
  'mcp.round.needsProject':
    'Nennen Sie ein Projekt: seine ID (project) oder den Namen eines neuen (project_name). Es wurde nichts gesendet.',
  'mcp.round.needsLength':
    'Geben Sie dem Versuch eine Länge in Sekunden: Eine offene Länge hat keinen Preis, an den sich das Budget halten kann. Es wurde nichts gesendet.',
  'mcp.round.lost':
    'Dieser Aufruf wurde schon einmal begonnen und hat seinen Versuch vielleicht eingereiht: Sehen Sie sich die Versuche an (clearframe video status), bevor Sie ihn mit einer neuen Absicht wiederholen. Jetzt wurde nichts gesendet.',
  'mcp.round.waits':
    'Der Versuch ist eingereiht, hinter {count, plural, one {# anderen Versuch} other {# anderen Versuchen}}, die nicht der Agent eingereiht hat: Die App oder „clearframe video run“ sendet sie alle, nicht der Agent.',
  'settings.agentAllowance.credits': 'Budget für Agenten pro Tag, Wasserzeichen-Credits',
  'settings.agentAllowance.usd': 'Budget für Agenten pro Tag, Video in USD',
  'settings.agentAllowance.hint':
    'Was ein mit „clearframe mcp“ verbundener KI-Agent pro Tag ausgeben darf; bei 0 gibt er nichts aus.',
  // ── end of the agent door.
  // ── The agent's question in the window.
  'agentAsk.label': 'Eine Frage eines KI-Agenten',
  'agentAsk.who': '{agent} möchte mehr ausgeben, als das heutige Budget für Agenten erlaubt.',
  'agentAsk.whoUnnamed':
    'Ein KI-Agent möchte mehr ausgeben, als das heutige Budget für Agenten erlaubt.',
  'agentAsk.position': '{index} von {count}',
  'agentAsk.clean':
    '{images, plural, one {# Bild} other {# Bilder}} für höchstens {cost} an den Wasserzeichen-Dienst senden?',
  'agentAsk.round':
    'Einen Videoversuch von {seconds} Sekunden für etwa {cost} einreihen und senden?',
  'agentAsk.places': 'Bilder aus: {places}',
  'agentAsk.morePlaces': '{places} und {more} weitere',
  'agentAsk.prompt': 'Prompt: {prompt}',
  'agentAsk.hint': 'Vor Ihrem Ja wird nichts gesendet; ein Nein lehnt den Aufruf ab.',
  'agentAsk.yes': 'Ja, senden',
  'agentAsk.no': 'Nein',
  'agentAsk.gone': 'Der Agent hatte aufgehört zu warten: Es wurde nichts gesendet.',
  // ── end of the agent's question.
  'cli.summary.open': 'legt Dateien und Ordner im offenen Clearframe-Fenster bereit',
  'cli.open.usage':
    'Aufruf: clearframe open PFAD... [--data-dir=ORDNER]\n  Legt die Bilder und Ordner im laufenden Clearframe-Fenster bereit, als wären sie dort abgelegt worden.',
  'cli.open.nothing': 'nennen Sie mindestens eine Datei oder einen Ordner zum Öffnen.',
  'cli.open.missing': '{path} existiert nicht und wurde ausgelassen.',
  'cli.open.notRunning':
    'Clearframe ist mit dem Datenordner {folder} nicht geöffnet. Starten Sie Clearframe und führen Sie den Befehl erneut aus, oder bereinigen Sie die Dateien hier mit „clearframe remove“.',
  'cli.open.commandHolds':
    '{holder} verwendet den Datenordner {folder}, nicht die Clearframe-App. Starten Sie Clearframe, wenn das beendet ist, und führen Sie den Befehl erneut aus.',
  'cli.open.noAnswer':
    '{holder} hat nicht geantwortet. Ziehen Sie die Dateien in sein Fenster, oder starten Sie Clearframe neu und führen Sie den Befehl erneut aus.',
  'cli.open.sent':
    '{count, plural, one {# Eintrag wurde} other {# Einträge wurden}} an das Clearframe-Fenster übergeben.',
  'cli.spending.head':
    'Videoausgaben, {projects}, {months} (Monate in der Zeitzone dieses Computers):',
  'cli.spending.everyProject': 'alle Projekte',
  'cli.spending.project': 'Projekt {id}',
  'cli.spending.everyMonth': 'alle Monate',
  'cli.spending.line': '{when}  {project}, Shot {shot} Versuch {round}{prompt}  {cost}  {status}',
  'cli.spending.length': '{seconds} s × {rate} USD/s = {cost}',
  'cli.spending.removed': '{project} (entfernt)',
  'cli.spending.demo': 'Demo: würde kosten, nicht berechnet',
  'cli.spending.charged': 'berechnet',
  'cli.spending.estimated': 'Schätzung: der Dienst hat nichts gemeldet',
  'cli.spending.inFlight': 'gesendet, nicht fertig: Schätzung',
  'cli.spending.nothing': 'nichts wurde an den Dienst gesendet.',
  'cli.spending.byMonth': 'Nach Monat:',
  'cli.spending.byProject': 'Nach Projekt:',
  'cli.spending.row': '{name}: {sum}',
  'cli.spending.sum': '{spent} ausgegeben, {inFlight} in gesendeten, nicht fertigen Versuchen',
  'cli.spending.sumWithDemo':
    '{spent} ausgegeben, {inFlight} in gesendeten, nicht abgeschlossenen Versuchen; Demo-Versuche hätten {demo} gekostet',
  'cli.spending.total': 'Gesamt: {sum}.',
  'cli.spending.saved':
    '{count, plural, one {# Abrechnung} other {# Abrechnungen}} gespeichert als {path}',
  'cli.spending.savedWithDemo':
    '{count, plural, one {# Kostenposten} other {# Kostenposten}} und {demo, plural, one {# Demo-Versuch} other {# Demo-Versuche}} (nicht berechnet) als {path} gespeichert',
  'cli.spending.badMonth': '--month {month} ist kein Monat. {hint}',
  'cli.spending.noProject':
    '{problem} „clearframe video status“ listet die Projekte und ihre IDs auf.',
  'cli.masks.anchorValues': '--mask-anchor nimmt einen dieser Werte: {anchors}.',
  'cli.masks.rectForm': '{option} nimmt x,y,Breite,Höhe in Bildpixeln, etwa 1200,900,400,120.',
  'cli.masks.pixels':
    '--mask-grow und --mask-shrink nehmen eine ganze Zahl von Pixeln von 1 bis 1000.',
  'cli.masks.notBoth': 'geben Sie --mask oder {other} an, nicht beides.',
  'cli.masks.anchorAlone':
    '--mask-anchor sagt, wovon aus --mask-rect oder --mask-clear-outside gemessen wird: Geben Sie auch eines davon an.',
  'cli.masks.saveNeedsAuto':
    '--save-masks schreibt die Masken, die --auto-mask findet: Fügen Sie --auto-mask hinzu.',
  'cli.masks.toolsAlone':
    'die Maskenwerkzeuge ändern eine Maske: Geben Sie auch --mask-rect, --mask oder --auto-mask an.',
  'cli.masks.outside':
    '{file} ist {size} groß, und {rect} reicht darüber hinaus, daher wurde nichts gesendet. Geben Sie ein Rechteck an, das in jedes Bild passt, oder messen Sie es mit --mask-anchor von der Ecke aus, an der das Wasserzeichen liegt.',
  'cli.masks.outsideNeeds':
    '{file} ist {size} groß, und {rect} reicht darüber hinaus (es braucht mindestens {needed}), daher wurde nichts gesendet. Geben Sie ein Rechteck an, das in jedes Bild passt, oder messen Sie es mit --mask-anchor von der Ecke aus, an der das Wasserzeichen liegt.',
  'cli.masks.ofSize': '{count, plural, one {# Bild} other {# Bildern}} in {sizes}',
  'cli.masks.ofSizes':
    '{count, plural, one {# Bild} other {# Bildern}} in {sizeCount} Größen, gemessen von der Ecke {corner}',
  'cli.masks.none':
    'Kein gemeinsames Wasserzeichen in {where} gefunden: Sie werden ohne Maske gesendet.',
  'cli.masks.box': '{size} bei {x},{y}',
  'cli.masks.found':
    'Wasserzeichen in {present} von {where} gefunden: {boxes} (die Maske deckt {share} des Bildes ab).',
  'cli.masks.score': '{file} (Wert {score})',
  'cli.masks.notOn': 'Nicht auf {files}: ohne Maske gesendet.',
  'cli.masks.tooFew':
    '{files}: {reason} Mit --mask-rect {count, plural, one {bekommt es} other {bekommen sie}} dieses Rechteck; ohne keine Maske.',
  'cli.masks.empty':
    '{file}: Die Maskenwerkzeuge lassen seine Maske leer, daher wurde nichts gesendet: Verkleinern Sie weniger, oder leeren Sie außerhalb eines größeren Rechtecks.',
  'cli.masks.refused':
    'Kein gemeinsames Wasserzeichen in {where}: Was hervorsticht, würde {share} jedes Bildes bedecken und wird daher nicht verwendet; sie werden ohne Maske gesendet (geben Sie eine mit --mask oder --mask-rect an).',
  'cli.masks.unsure':
    '{file}: {reason} Die Datei wird ausgelassen, für sie wird nichts gesendet (geben Sie eine Maske mit --mask oder --mask-rect an).',
  'cli.masks.sayWhole':
    '{problem} Sagen Sie, was gemeint ist: Fügen Sie --mask-whole hinzu, um jedes Bild ganz neu zu malen, oder lassen Sie --mask weg, dann sucht der Dienst das Wasserzeichen selbst.',
  'cli.masks.askWhole': '{problem} Jedes Bild damit ganz neu malen?',
  'cli.masks.wholeRefused':
    'Es wurde nichts gesendet. Lassen Sie --mask weg, dann sucht der Dienst das Wasserzeichen selbst, oder geben Sie eine Maske an, die nur das Wasserzeichen markiert.',
  'cli.masks.wholeNeedsMask':
    '--mask-whole sagt, was eine --mask-Datei bedeutet: Geben Sie auch --mask an.',
  'main.menu.checkForUpdates': 'Nach Updates suchen …',
  'main.menu.file': 'Datei',
  'main.menu.openLogs': 'Protokollordner öffnen',
  'main.menu.help': 'Clearframe-Hilfe',
  'main.dialog.exportTakes': 'Takes des Projekts exportieren',
  'main.dialog.spendingCsv': 'Ausgaben-CSV speichern in',
  'main.dialog.importMask': 'Maske importieren',
  'main.dialog.chooseFolders': 'Ordner mit Bildern auswählen',
  'main.dialog.images': 'Bilder',
  'main.dialog.referenceImage': 'Ein Bild als Referenz wählen',
  'main.dialog.exportMask': 'Maske exportieren',
  'main.dialog.saveFilm': 'Film speichern in',
  'main.notice.batchFinished': 'Der Stapel ist fertig.',
  'main.updates.latest': 'Clearframe {version} ist die neueste Version.',
  'main.updates.title': 'Update verfügbar',
  'main.updates.available': 'Clearframe {version} ist verfügbar (Sie haben {current}).',
  'main.updates.availableShort': 'Clearframe {version} ist verfügbar.',
  'main.updates.install': 'Installieren und neu starten',
  'main.updates.later': 'Später',
  'main.updates.failed':
    'Die Suche nach Updates ist fehlgeschlagen. Prüfen Sie Ihre Verbindung und versuchen Sie es später erneut.',
  'main.updates.offDevelopment': 'In Entwicklungsversionen sind Updates aus.',
  'main.updates.offDemo':
    'Im Demomodus sind Updates aus; fügen Sie einen Schlüssel hinzu, um sie einzuschalten.',
  'main.updates.offSetting': 'Updates sind in den Einstellungen ausgeschaltet.',
  'main.updates.noNotes': 'Keine Versionshinweise.',
  'cli.simulator.usage':
    'Aufruf: clearframe simulator [--port N]\n  Startet den lokalen Stellvertreter des Dienstes bis Strg+C (auf einem freien Port, sofern --port keinen nennt).',
  'cli.simulator.badPort':
    'clearframe simulator: --port muss eine ganze Zahl von 0 bis 65535 sein.',
  'cli.simulator.watermark': 'Basis-URL Wasserzeichen',
  'cli.simulator.video': 'Basis-URL Video',
  'cli.simulator.key': 'Demo-Schlüssel',
  'cli.simulator.requestLog': 'Anfrageprotokoll',
  'cli.simulator.stop': 'Strg+C beendet ihn.',
  'main.startFailure.title': 'Clearframe konnte nicht starten',
  'main.startFailure.bodyNoLog':
    '{what}\n\nEs konnte kein Protokoll geschrieben werden, weder im Datenordner noch im temporären Ordner.\nStarten Sie Clearframe erneut; wenn es auf dieselbe Weise scheitert, kopieren Sie diese Meldung in Ihren Bericht.',
  'main.startFailure.body':
    '{what}\n\nDie Einzelheiten stehen im Protokoll: {logFile}\nStarten Sie Clearframe erneut; scheitert es genauso, senden Sie diese Datei mit Ihrer Meldung.',
  // ── end of Command line and main process.

  // ── Engine, jobs and clients: keys of their sentences go below this line.
  'core.api.parameter':
    'Der Dienst hat die Anfrage abgelehnt: {reason}. Ändern Sie die Eingabe und versuchen Sie es erneut.',
  'core.api.method':
    'Der Dienst hat abgelehnt, wie Clearframe ihn aufgerufen hat. Bitte melden Sie dies mit den Diagnosedaten.',
  'core.api.authentication':
    'Der Dienst hat den API-Schlüssel nicht angenommen. Prüfen oder ersetzen Sie ihn in den Einstellungen.',
  'core.api.videoBalance':
    'Das Guthaben der Video-API reicht für diese Anfrage nicht. Laden Sie das Guthaben in Ihrem Konto auf und versuchen Sie es dann erneut.',
  'core.api.watermarkCredits':
    'Es sind nicht mehr genug Wasserzeichen-Credits übrig. Kaufen Sie in Ihrem Konto weitere Credits und versuchen Sie es dann erneut.',
  'core.api.rateLimited':
    'Der Dienst ist ausgelastet und hat Clearframe gebeten, langsamer zu machen. Clearframe versucht es von selbst erneut.',
  'core.api.server':
    'Beim Dienst ist ein interner Fehler aufgetreten. Versuchen Sie es in einigen Minuten erneut.',
  'core.api.network':
    'Clearframe konnte den Dienst nicht erreichen. Prüfen Sie die Internetverbindung.',
  'core.api.timeout':
    'Der Dienst hat nicht rechtzeitig geantwortet. Versuchen Sie es später erneut.',
  'core.api.aborted': 'Angehalten.',
  'core.api.unexpected':
    'Der Dienst hat eine Antwort gesendet, die Clearframe nicht versteht. Versuchen Sie es später erneut.',
  'core.api.download':
    'Das Ergebnis konnte nicht heruntergeladen werden: {reason}. Fragen Sie mit „Erneut nachfragen“ beim Dienst einen neuen Link an (kostenlos); es wird nicht erneut gesendet.',
  'core.api.proxyUnusableSystem':
    'Die Proxy-Einstellungen des Systems leiten Verbindungen zu {host} über {named}, den Clearframe nicht nutzen kann. Clearframe arbeitet nur mit HTTP- und HTTPS-Proxys: Tragen Sie einen in die Proxy-Einstellungen des Systems ein oder setzen Sie HTTPS_PROXY auf einen (http://host:port), und versuchen Sie es dann erneut.',
  'core.api.proxySocks': 'einen SOCKS-Proxy ({address})',
  'core.api.proxyUnknownKind': 'einen Proxy unbekannter Art („{entry}“)',
  'core.api.proxyNotAddress':
    '{variable} ist keine Proxy-Adresse. Clearframe arbeitet nur mit HTTP- und HTTPS-Proxys: Tragen Sie einen in die Proxy-Einstellungen des Systems ein oder setzen Sie HTTPS_PROXY auf einen (http://host:port), und starten Sie Clearframe dann neu.',
  'core.api.proxyUnusableVariable':
    '{variable} nennt {scheme, select, socks {einen SOCKS-Proxy} other {eine {scheme}-Adresse}} ({host}), den Clearframe nicht nutzen kann. Clearframe arbeitet nur mit HTTP- und HTTPS-Proxys: Tragen Sie einen in die Proxy-Einstellungen des Systems ein oder setzen Sie HTTPS_PROXY auf einen (http://host:port), und starten Sie Clearframe dann neu.',
  'core.api.proxyCredentials':
    'Der Proxy verlangt Benutzername und Passwort. Tragen Sie beides in die Proxy-Adresse (http://user:password@host:port) in HTTPS_PROXY oder in den Proxy-Einstellungen des Systems ein und versuchen Sie es dann erneut.',
  'core.api.proxyRefused':
    'Der Proxy wollte keine Verbindung zum Dienst öffnen (er antwortete mit HTTP {status}). Prüfen Sie die Proxy-Einstellungen oder bitten Sie den Betreiber des Proxys, die Adresse des Dienstes zuzulassen.',
  'core.api.deadline': 'der Auftrag wurde nicht innerhalb von {minutes} Minuten fertig',
  'core.jobs.stoppedWaiting':
    'Clearframe hat das Warten beendet: {reason}. Der Dienst hat den Auftrag noch; fragen Sie später mit „Erneut nachfragen“ danach (kostenlos). „Erneut senden“ würde erneut kosten.',
  'core.jobs.unknownStatus':
    'Der Dienst antwortete bis zum Ende des Wartens mit einem Status, den Clearframe nicht kennt („{status}“). Der Dienst hat den Auftrag noch; fragen Sie später mit „Erneut nachfragen“ danach (kostenlos). „Erneut senden“ würde erneut kosten.',
  'core.jobs.linkGone':
    '{what, select, clip {Der Link zum Clip} other {Der Link zum Ergebnis}} funktioniert nicht mehr, und auf erneute Nachfrage antwortete der Dienst „{status}“ ohne neuen Link. Fragen Sie später mit „Erneut nachfragen“ nach (kostenlos); „Erneut senden“ würde erneut kosten.',
  'core.import.cannotRead':
    'Clearframe kann {name} nicht lesen: {why, select, missing {Diese Datei gibt es nicht} folder {Es ist ein Ordner} denied {Sie dürfen sie nicht öffnen} other {Sie ist nicht lesbar}}. Prüfen Sie den Namen und ob Sie die Datei öffnen dürfen, und importieren Sie sie dann erneut.',
  'core.import.notText':
    '{name} ist keine Textdatei. Speichern Sie die Versuche als CSV (in einer Tabellenkalkulation: Datei, Speichern unter, CSV) oder als JSON und importieren Sie dann diese Datei.',
  'core.import.columnList': '{first} und {last}',
  'core.import.empty':
    '{name} enthält keine Versuche. Geben Sie jedem Versuch eine Zeile, mit einer Kopfzeile, die die Spalten nennt ({columns}), oder eine JSON-Liste von Versuchen.',
  'core.import.badCsv':
    '{name} ist keine CSV-Datei, die Clearframe lesen kann{line, select, none {} other { (Zeile {line})}}: {detail}. Jede Zeile braucht so viele Felder wie die Kopfzeile, und ein Feld mit Komma oder Zeilenumbruch steht in doppelten Anführungszeichen.',
  'core.import.unknownColumn':
    '{name} hat eine Spalte, die Clearframe nicht liest: {found}. Die Spalten sind {columns}; benennen Sie diese Spalte um oder entfernen Sie sie.',
  'core.import.noPrompt':
    '{name} hat keine Spalte „prompt“. Die erste Zeile nennt die Spalten ({columns}); jeder Versuch braucht einen Prompt.',
  'core.import.badJson':
    '{name} ist kein gültiges JSON ({detail}). Korrigieren Sie die Datei oder speichern Sie die Versuche als CSV.',
  'core.import.notList':
    '{name} muss eine JSON-Liste von Versuchen enthalten, etwa [\'{\'"prompt": "Möwen über dem Hafen", "duration": 5\'}\'].',
  'core.import.notCsvOrJson':
    '{name} ist keine CSV- oder JSON-Datei. Versuche werden aus einer .csv-Datei (einer als CSV gespeicherten Tabelle) oder einer .json-Datei importiert.',
  'core.import.rowLabel': 'Zeile {line}',
  'core.import.roundLabel': 'Versuch {index} (Zeile {line})',
  'core.import.shot':
    '{titled, select, true {Shot {position} „{title}“} other {Shot {position}}}{isNew, select, true { (neu)} other {}}',
  'core.import.refused':
    'Aus {file} wurde nichts eingereiht: {rows, plural, one {Ein Versuch verstößt} other {# Versuche verstoßen}} gegen eine Regel. {problems} Korrigieren Sie die Datei und importieren Sie sie erneut.',
  'core.import.projectGone': 'Dieses Projekt gibt es nicht mehr; wählen Sie ein anderes.',
  'core.rounds.noShot': 'Es gibt keinen Shot {shot}.',
  'core.rounds.noRound': 'Es gibt keinen Versuch {round}.',
  'core.rounds.malformed': 'Die Anfrage ist fehlerhaft ({detail}).',
  'core.rounds.refused':
    'Dieser Versuch kann so nicht gesendet werden. {problems} Es wurde nichts berechnet.',
  'core.rounds.notFinished':
    'Dieser Versuch ist noch nicht fertig; setzen Sie ihn fort, sobald sein Clip bereit ist.',
  'core.rounds.noLastFrame':
    'Dieser Versuch wurde ohne „letztes Bild zurückgeben“ erstellt, daher hat der Dienst kein Bild zum Anschließen behalten. Setzen Sie ihn im Fenster fort, das das letzte Bild aus dem Clip nimmt, oder beginnen Sie den nächsten Versuch mit einem eigenen Bild.',
  'core.rounds.needsAsset':
    'Der Dienst nimmt ein Referenzvideo nur als hochgeladenes Asset (asset://…), und dieser Clip kam als Download-Link zurück. Laden Sie {clip} in Ihr Konto auf der Website des Anbieters hoch und geben Sie hier seine asset://-Adresse an; oder nutzen Sie „Ab letztem Bild fortsetzen“, das keinen Upload braucht.',
  'core.rounds.theClip': 'den Clip',
  'core.rounds.frameUnreadable':
    'Das aus dem Clip entnommene Bild kann Clearframe nicht lesen: Spielen Sie den Clip einmal ab und setzen Sie ihn dann erneut fort.',
  'core.rounds.frameSize':
    'Das aus dem Clip entnommene Bild ist {frame} groß, der Clip {clip}: Setzen Sie ihn erneut fort.',
  'core.rounds.noProjectHere': 'In diesem Datenordner gibt es kein Projekt {project}.',
  'core.rounds.nameProject': 'Geben Sie dem Projekt einen Namen.',
  'core.rounds.gone':
    '{kind, select, project {Dieses Projekt} shot {Diesen Shot} other {Diesen Versuch}} gibt es nicht mehr.',
  'core.rounds.stillOpen':
    '{kind, select, project {{count, plural, one {Ein Versuch dieses Projekts wartet noch, läuft oder wartet auf Ihre Entscheidung: Brechen Sie ihn ab oder lassen Sie ihn fertig werden, und entfernen Sie dann das Projekt.} other {# Versuche dieses Projekts warten noch, laufen oder warten auf Ihre Entscheidung: Brechen Sie sie ab oder lassen Sie sie fertig werden, und entfernen Sie dann das Projekt.}}} shot {{count, plural, one {Ein Versuch dieses Shots wartet noch, läuft oder wartet auf Ihre Entscheidung: Brechen Sie ihn ab oder lassen Sie ihn fertig werden, und entfernen Sie dann den Shot.} other {# Versuche dieses Shots warten noch, laufen oder warten auf Ihre Entscheidung: Brechen Sie sie ab oder lassen Sie sie fertig werden, und entfernen Sie dann den Shot.}}} other {{count, plural, one {Dieser Versuch wartet noch, läuft oder wartet auf Ihre Entscheidung: Brechen Sie ihn ab oder lassen Sie ihn fertig werden, und entfernen Sie ihn dann.} other {# Versuche warten noch, laufen oder warten auf Ihre Entscheidung: Brechen Sie sie ab oder lassen Sie sie fertig werden, und entfernen Sie den Versuch dann.}}}}',
  'core.rounds.notThisShot': 'Dieser Versuch gehört nicht zu diesem Shot.',
  'core.rounds.takeNeedsClip':
    'Nur ein fertiger Versuch mit seinem Clip kann der Take des Shots sein.',
  'core.rounds.promptUnknown':
    'Versuch {position} wurde aus der Auftragsliste des Dienstes übernommen, daher ist sein Prompt hier nicht bekannt, und Clearframe bezahlt keinen Platzhalter. Schreiben Sie den Prompt im Versuchs-Editor („Prompt schreiben…“ füllt den Rest aus) und reihen Sie ihn dann ein.',
  'core.rounds.roundGone': 'Diesen Versuch gibt es nicht mehr.',
  'core.rounds.taskInShot': 'Dieser Auftrag ist bereits in einem Shot.',
  'core.watermark.maskFileGone':
    'Die Maskendatei {file} kann nicht gelesen werden; prüfen Sie, ob es sie noch gibt, und versuchen Sie es dann erneut.',
  'core.watermark.noMeasurement':
    '{name} wurde für diesen Computer ohne Vermessung des Wasserzeichens eingereiht: Suchen Sie das Wasserzeichen erneut oder senden Sie das Bild an den Dienst.',
  'core.jobs.roundUnknownOutcome':
    'Die Verbindung brach ab, während dieser Versuch gesendet wurde, und der Dienst führt keinen Auftrag, der eindeutig dieser ist; er wurde also vielleicht berechnet, vielleicht nicht. Prüfen Sie Ihr Konto und senden Sie ihn dann erneut oder brechen Sie ihn ab.',
  'core.jobs.roundUnknownOutcomeDamaged':
    'Sein Senden wurde unterbrochen, daher wurde er vielleicht berechnet, vielleicht nicht, und ohne seine Anfrage lässt sich kein Auftrag beim Dienst als dieser erkennen. Prüfen Sie Ihr Konto und schreiben Sie den Versuch dann neu („Prompt schreiben…“ in der App).',
  'core.jobs.imageUnknownOutcome':
    'Der Dienst hat dieses Bild vielleicht erhalten, bevor die Verbindung abbrach, und dafür schon einen Credit verbraucht. Senden Sie es nur erneut, wenn Sie das in Kauf nehmen.',
  'core.jobs.roundReported': 'Der Dienst meldete den Versuch als {status}.',
  'core.jobs.noVideo': 'Der Dienst hat den Versuch abgeschlossen, aber kein Video geliefert.',
  'core.clips.refused':
    '{reason, select, noVideo {{name} enthält keine Videospur.} noEncoder {Dieser Computer kann {name} in dieser Größe nicht kodieren: Weder H.264 noch VP9 ist verfügbar.} soundContainer {Der Ton von {name} passt nicht in eine WebM-Datei, und H.264 in MP4 kann auf diesem Computer nicht geschrieben werden.} noMark {Kein Zeichen steht in ganz {name} still: Ein Zeichen, das sich bewegt oder von Szene zu Szene woanders sitzt, kann nicht aus einem Clip entfernt werden.} markTooLarge {Was in {name} stillsteht, bedeckt zu viel vom Bild, um ein Logo zu sein: Ist es eine starre Aufnahme oder ein Rand?} markMoves {Das Zeichen in {name} sitzt in einer Szene an einer Stelle und in einer anderen woanders: Schneiden Sie den Clip am Szenenwechsel und legen Sie jeden Teil einzeln ab.} tooFewFrames {{name} ist zu kurz oder zu unbewegt, um das Zeichen zu finden: Es braucht mindestens 60 verschiedene Bilder.} pixelFormat {Die Bilder von {name} sind nicht 8-Bit 4:2:0, das einzige Bildformat, das die Bereinigung liest.} other {{name} konnte nicht bereinigt werden.}}',
  'core.clips.lost':
    'Der bereinigte Clip von {name} ging verloren, bevor er gespeichert werden konnte: Starten Sie ihn erneut.',
  'core.clips.failed':
    'Die Bereinigung von {name} wurde im Fenster abgebrochen ({detail}). Versuchen Sie es erneut: Die bereits bereinigten Teile bleiben erhalten; bricht sie wieder ab, öffnen Sie den Clip in einem Player und prüfen Sie, ob er bis zum Ende abspielt.',
  'core.clips.segmentsDamaged':
    'Die Aufzeichnung der bereits bereinigten Abschnitte von {name} war beschädigt; der Clip wird daher ab dem ersten Bild neu bereinigt, statt fehlerhaft gespeichert zu werden.',
  'core.clips.stopped':
    'Bereinigung des Clips angehalten; unter seinem Namen wurde nichts gespeichert.',
  'core.jobs.imageReported': 'Der Dienst meldete {status}.',
  'core.jobs.failedOnService': '{reason} „Erneut senden“ bezahlt einen neuen Versuch.',
  'core.jobs.damagedRecord':
    'Clearframes Eintrag zu {what, select, image {diesem Bild} other {diesem Versuch}} ist beschädigt: {problem}. {advice}',
  'core.jobs.damagedImageAdvice':
    'Dafür wird nichts mehr gesendet: Brechen Sie den Auftrag ab und fügen Sie das Bild erneut hinzu.',
  'core.jobs.damagedRequestAdvice':
    'So wird er nicht gesendet: Schreiben Sie den Versuch neu („Prompt schreiben…“ in der App).',
  'core.jobs.damagedClipsAdvice':
    'Seine Clips, falls er welche erstellt hat, bleiben, wo sie gespeichert wurden; um daran anzuschließen, schreiben Sie einen neuen Versuch.',
  'core.jobs.storedNotJson': 'sein Feld {source} ist kein gültiges JSON ({detail})',
  'core.jobs.storedWrongShape':
    'sein Feld {source} enthält nicht, was Clearframe dort schreibt ({detail})',
  'core.jobs.storedUnexpected': 'unerwarteter Wert',
  'core.jobs.databaseDamaged':
    'Die Auftragsdatenbank ist beschädigt ({detail}). Clearframe kann sie beiseitelegen und mit einer leeren Warteschlange beginnen; Ihre Bilder und Ergebnisse auf dem Datenträger bleiben unberührt.',
  'core.jobs.ownResult': 'Dies ist ein Ergebnis, das Clearframe geschrieben hat (aus {source}).',
  'core.jobs.ownResultCopy':
    'Dies ist eine Kopie eines Ergebnisses, das Clearframe geschrieben hat (aus {source}).',
  'core.jobs.alreadyCleaned':
    'Es wurde bereits mit derselben Maske bereinigt (Ergebnis: {result}) und wird daher nicht erneut gesendet.',
  'core.jobs.cleanedBefore':
    'Bereits bereinigt ({when}) nach {result}. Mit derselben Maske wird es nicht erneut gesendet, außer Sie wählen „erneut bereinigen“.',
  'core.jobs.roundPollingStopped':
    'Die Abfrage wurde beendet. Der Dienst kann diesen Versuch trotzdem fertigstellen und berechnen.',
  'core.jobs.imagePollingStopped':
    'Die Abfrage wurde beendet. Der Dienst kann dieses Bild trotzdem verarbeiten und einen Credit verbrauchen.',
  'core.fetch.plainHttp': 'unverschlüsseltes http zu {host} wird nicht abgerufen, nur https',
  'core.fetch.scheme': 'es werden nur http- und https-Adressen heruntergeladen, nicht {scheme}',
  'core.fetch.noLocation': 'der Server antwortete mit HTTP {status}, ohne zu sagen, wohin',
  'core.fetch.tooManyRedirects': 'der Link wurde mehr als {max}-mal umgeleitet',
  'core.fetch.badRedirect': 'der Link wurde auf eine ungültige Adresse umgeleitet',
  'core.fetch.downgrade':
    'der Link wurde von https auf unverschlüsseltes http umgeleitet ({host}); dem wird nicht gefolgt',
  'core.fetch.redirectedElsewhere': 'der Link wurde woandershin umgeleitet: {problem}',
  'core.fetch.notPlainName': '„{name}“ ist kein einfacher Dateiname',
  'core.fetch.outside': '„{name}“ würde außerhalb von {folder} geschrieben',
  'core.fetch.incomplete': 'die Übertragung wurde nicht abgeschlossen',
  'core.fetch.gone': 'das Ergebnis ist nicht mehr auf dem Server (HTTP {status})',
  'core.fetch.expired': 'der Link zum Ergebnis ist abgelaufen oder wurde abgelehnt (HTTP 403)',
  'core.fetch.serverAnswered': 'der Ergebnisserver antwortete mit HTTP {status}',
  'core.fetch.tooBig': 'das Ergebnis hat {bytes} Byte, mehr als die erlaubten {max} Byte',
  'core.fetch.grewTooBig': 'das Ergebnis wuchs über die erlaubten {max} Byte hinaus',
  'core.import.referencesList':
    'die Referenzen müssen eine Liste von Adressen sein, etwa ["image=https://…"]',
  'core.import.referenceType':
    'geben Sie an, was Referenz {number} ist: Schreiben Sie image=, video= oder audio= vor ihre Adresse',
  'core.import.referenceOneAddress':
    'Referenz {number} braucht genau eine Adresse; trennen Sie Referenzen mit |',
  'core.import.referenceLocalFile':
    'Referenz {number} ist eine Datei auf diesem Computer ({url}), und der Dienst nimmt Referenzen nur per Adresse: Laden Sie sie in Ihr Konto auf der Website des Anbieters hoch und geben Sie ihre asset://-Adresse an (mit „from {url}“ dahinter wird sie hier geprüft)',
  'core.import.referenceNotAddress':
    'Referenz {number}, {url}, ist keine Adresse (asset:// oder https://), und eine solche Datei gibt es auch nicht',
  'core.import.referenceNoFile':
    'Referenz {number} nennt die Datei {file}, die es nicht gibt: Korrigieren Sie den Namen oder lassen Sie „from …“ weg',
  'core.import.referenceFileProblem': 'Datei {file} von Referenz {number}: {problem}',
  'core.import.referenceProblem': 'Referenz {number}: {problem}',
  'core.import.referenceUnreadable':
    'Die Datei {file} von Referenz {number} konnte nicht als {type, select, video {Video} other {Ton}} gelesen werden: Nennen Sie die Datei, aus der sie hochgeladen wurde, oder lassen Sie „from …“ weg',
  'core.import.durationWhole':
    'die Dauer muss eine ganze Zahl von Sekunden sein, etwa {example}; „{given}“ ist keine',
  'core.import.notObject':
    'jeder Versuch muss ein Objekt mit einem Prompt sein, etwa \'{\'"prompt": "Möwen über dem Hafen"\'}\'',
  'core.import.unknownField': 'das Feld „{field}“ liest Clearframe nicht ({columns})',
  'core.import.unknownKind': 'die Art „{kind}“ kennt Clearframe nicht; verwenden Sie {kinds}',
  // ── end of Engine, jobs and clients.

  // ── Engine, media, files, keys and settings: keys of their sentences go below this line.
  'core.intake.notAnImage':
    'Diese Datei ist kein Bild, was auch immer ihr Name sagt. Fügen Sie eine JPEG-, PNG-, WebP-, AVIF-, HEIC-, TIFF- oder GIF-Datei hinzu.',
  'core.intake.unsupported':
    '{type}-Bilder werden nicht angenommen. Wandeln Sie das Bild in PNG oder JPEG um und fügen Sie es erneut hinzu.',
  'core.intake.gone':
    'Die Datei ist nicht mehr da: Sie wurde vielleicht verschoben, umbenannt oder gelöscht. Fügen Sie sie von ihrem jetzigen Ort erneut hinzu.',
  'core.intake.unreadable':
    'Die Datei kann nicht gelesen werden ({why}). Prüfen Sie, ob Clearframe sie öffnen darf, und fügen Sie sie dann erneut hinzu.',
  'core.intake.empty':
    'Die Datei ist leer. Prüfen Sie, ob das Kopieren abgeschlossen ist, und fügen Sie sie dann erneut hinzu.',
  'core.intake.corrupt':
    'Das Bild ist beschädigt oder unvollständig und kann nicht gelesen werden. Öffnen Sie es zur Prüfung in einem anderen Programm und fügen Sie es dann erneut hinzu.',
  'core.intake.noSize':
    'Das Bild hat keine Größe. Es ist vielleicht beschädigt; fügen Sie eine andere Kopie hinzu.',
  'core.intake.tooManyPixels':
    'Das Bild hat {megapixels} Megapixel, mehr als die erlaubten {limit}. Erhöhen Sie die Grenze in den Einstellungen oder lassen Sie große Bilder verkleinern.',
  'core.probe.unreadable':
    'Die Datei kann nicht gelesen werden. Prüfen Sie, ob sie existiert und ob Sie sie öffnen dürfen.',
  'core.probe.damaged': 'Das Bild ist beschädigt oder unvollständig und kann nicht gelesen werden.',
  'core.probe.cutShort':
    'Das Bild ist beschädigt oder unvollständig: Nicht alle seine Pixel lassen sich lesen. Öffnen Sie es zur Prüfung in einem anderen Programm, oder kopieren Sie es erneut.',
  'core.maskImport.unreadable':
    'Die Maskendatei kann nicht als Bild gelesen werden. Exportieren Sie sie als PNG und versuchen Sie es erneut.',
  'core.maskImport.otherShape':
    'Die Maske ist {mask}, das Bild aber {image}, ein anderes Seitenverhältnis. Exportieren Sie die Maske in der Größe des Bildes.',
  'core.maskImport.marksNothing':
    'Die Maske markiert nichts: Malen Sie die zu entfernenden Bereiche weiß (oder in einer beliebigen Farbe) auf Schwarz.',
  'core.maskImport.mostlyMarked':
    'Die Maske bedeckt {percent} % des Bildes, der größte Teil wird also neu gemalt. Prüfen Sie, ob sie nicht umgekehrt ist.',
  'core.maskImport.allWhite':
    'Die Maske ist ganz weiß: Als Maske „weiß auf schwarz“ markiert sie das ganze Bild, nach der Regel des Dienstes (Weiß markiert nichts) aber nichts.',
  'core.maskImport.allMarked':
    'Die Maske markiert jedes Pixel: Das ganze Bild würde neu gemalt, nicht nur das Wasserzeichen.',
  'core.unblend.otherSize':
    '{file} hat {size} Pixel, das Wasserzeichen wurde aber an Bildern mit {measured} vermessen: Senden Sie es an den Dienst, oder suchen Sie das Wasserzeichen erneut mit diesem Bild unter den Bildern.',
  'core.unblend.estimateMissing':
    'Die Vermessung des Wasserzeichens ({file}) fehlt: Suchen Sie das Wasserzeichen erneut, oder senden Sie diese Bilder an den Dienst.',
  'core.unblend.estimateDamaged':
    'Die Vermessung des Wasserzeichens ({file}) ist beschädigt ({why}): Suchen Sie das Wasserzeichen erneut, oder senden Sie diese Bilder an den Dienst.',
  // Watermark profiles (issue #39).
  'core.profiles.noFile':
    'Die Datei {file} gibt es nicht: Prüfen Sie den Pfad, oder geben Sie den Namen eines gespeicherten Profils an.',
  'core.profiles.unreadable':
    '{file} ist kein Wasserzeichen-Profil, das dieses Clearframe lesen kann (beschädigt, unvollständig oder von einem anderen Programm oder einer anderen Version): Exportieren Sie es erneut aus dem Clearframe, das es erstellt hat, oder suchen Sie das Wasserzeichen erneut und speichern Sie ein neues Profil.',
  'core.profiles.unknown':
    'Es gibt kein Wasserzeichen-Profil namens „{name}“ und keine solche Datei: Speichern Sie eines nach „Wasserzeichen finden“, oder geben Sie den Pfad eines exportierten Profils an.',
  'core.profiles.exists':
    'Ein Profil namens „{name}“ gibt es schon: Wählen Sie einen anderen Namen, oder löschen Sie zuerst das vorhandene.',
  'core.profiles.doesNotFit':
    'Das Zeichen des Profils „{name}“, vermessen an Bildern mit {measured}, passt nicht auf dieses Bild mit {size}: Markieren Sie es von Hand, oder suchen Sie das Wasserzeichen in einem Stapel seiner eigenen Größe.',
  'ipc.problem.profileName':
    'Geben Sie dem Profil einen Namen mit 1 bis 80 Zeichen, ohne / \\ : * ? " < > |.',
  'cli.profile.usage':
    '  --profile name|file\n                      jedes Bild auf diesem Computer kostenlos bereinigen, mit einem\n                      gespeicherten Wasserzeichen-Profil (sein Name) oder einem exportierten\n                      (seine Datei); Bilder, auf die sein Zeichen nicht passt, werden genannt\n                      und ausgelassen',
  'cli.profile.conflict':
    '--profile bringt seine eigene Maske und sein Verfahren mit: Lassen Sie --auto-mask, --mask, --mask-rect und --engine service weg.',
  'cli.profile.using':
    'Profil „{name}“: das Zeichen, vermessen an {count, plural, one {# Bild} other {# Bildern}} mit {size}, wird auf diesem Computer kostenlos bereinigt.',
  'core.profiles.findAgain':
    'Die Vermessung des Wasserzeichens ist nicht mehr vorhanden: Suchen Sie das Wasserzeichen erneut, und speichern Sie dann das Profil.',
  'cli.summary.watch': 'bereinigt jedes neue Bild in einem Ordner mit einem Wasserzeichen-Profil',
  'cli.watch.usage':
    'Aufruf: clearframe watch [ORDNER --profile=NAME|DATEI [--recursive] [--engine=local|service --credits-per-day=N]] [--list] [--pause ORDNER] [--forget ORDNER] [--json] [--demo] [--data-dir=ORDNER]\n  Nimmt ORDNER in die überwachten Ordner auf (im Datenordner gespeichert) und überwacht alle bis Strg+C: Jedes neue Bild wird einmal mit dem Profil bereinigt, sobald es vollständig angekommen ist, und die Ergebnisse landen dort, wo die Ausgabe-Einstellungen es sagen. Ohne ORDNER wird die Liste so fortgesetzt, wie sie ist; schon bereinigte Bilder werden nicht noch einmal bereinigt.\n  --engine service sendet sie mit dem Zeichen des Profils als Maske an den kostenpflichtigen Dienst, höchstens --credits-per-day Credits pro Tag; darüber hinaus hält die Überwachung mit einem Hinweis an.',
  'cli.watch.noFolder':
    '{folder} ist kein Ordner: Nennen Sie den Ordner, der überwacht werden soll.',
  'cli.watch.noProfile':
    'Nennen Sie das Wasserzeichen-Profil, mit dem bereinigt wird: --profile NAME oder --profile DATEI.',
  'cli.watch.badEngine': '--engine erwartet local oder service.',
  'cli.watch.needsLimit':
    'Kostenpflichtiges Überwachen braucht ein Limit pro Tag: Fügen Sie --credits-per-day N hinzu (die meisten Credits, die an einem Tag ausgegeben werden dürfen).',
  'cli.watch.oneFolder': 'Nennen Sie jeweils nur einen Ordner.',
  'cli.watch.notWatched':
    '{folder} wird nicht überwacht; clearframe watch --list zeigt die überwachten Ordner.',
  'cli.watch.forgotten':
    '{folder} wird nicht mehr überwacht. Seine Ergebnisse bleiben, wo sie sind.',
  'cli.watch.paused':
    'Die Überwachung von {folder} ist angehalten. Mit clearframe watch {folder} --profile NAME geht sie weiter.',
  'cli.watch.none':
    'Kein Ordner wird überwacht. Fügen Sie einen hinzu mit: clearframe watch ORDNER --profile NAME',
  'cli.watch.line':
    '{folder}: Profil „{profile}“{recursive, select, yes {, mit Unterordnern} other {}}, {engine, select, service {kostenpflichtig, heute {spent} von {limit} Credits ausgegeben} other {auf diesem Computer, kostenlos}}{paused, select, yes { (angehalten)} other {}}',
  'cli.watch.appHolds':
    'Die Clearframe-App verwendet den Datenordner {folder}. Schließen Sie sie, und führen Sie clearframe watch dann erneut aus.',
  'cli.watch.skipped': '{file} wird nicht übernommen: {reason}',
  'cli.watch.watching':
    'Überwache {folder}: Jedes neue Bild wird mit dem Profil „{profile}“ auf diesem Computer kostenlos bereinigt. Mit Strg+C beenden.',
  'cli.watch.watchingPaid':
    'Überwache {folder}: Jedes neue Bild wird mit dem Profil „{profile}“ an den Dienst gesendet, höchstens {limit, plural, one {# Credit} other {# Credits}} pro Tag. Mit Strg+C beenden.',
  'cli.watch.notStarted': '{folder} wird diesmal nicht überwacht: {problem}',
  'core.watch.listDamaged':
    'Die Liste der überwachten Ordner ({file}) kann nicht gelesen werden. Löschen Sie diese Datei, und fügen Sie die Ordner dann mit clearframe watch erneut hinzu.',
  'core.watch.limitReached':
    'Die Überwachung von {folder} wurde angehalten: Das heutige Limit von {limit, plural, one {# Credit} other {# Credits}} ist aufgebraucht, heute wird nichts mehr gesendet. {waiting, plural, one {# Bild wartet} other {# Bilder warten}}; erhöhen Sie das Limit mit --credits-per-day, oder führen Sie clearframe watch morgen erneut aus.',
  // Watched folders in the window (#39).
  'core.watch.limitReachedApp':
    'Die Überwachung von {folder} ist für heute angehalten: Das heutige Limit von {limit, plural, one {# Credit} other {# Credits}} ist aufgebraucht, heute wird nichts mehr gesendet. {waiting, plural, one {# Bild wartet} other {# Bilder warten}}: Sie werden morgen innerhalb des Tageslimits übernommen, oder sofort, wenn Sie den Ordner mit einem höheren Limit erneut hinzufügen.',
  'core.watch.noFolder': '{folder} ist kein Ordner: Wählen Sie den zu überwachenden Ordner erneut.',
  'core.watch.needsLimit':
    'Kostenpflichtiges Überwachen braucht ein Tageslimit: Geben Sie an, wie viele Credits es höchstens pro Tag ausgeben darf.',
  'core.watch.notWatched':
    '{folder} wird nicht mehr überwacht (er wurde inzwischen entfernt): Fügen Sie ihn erneut hinzu, um ihn zu überwachen.',
  'core.watch.notStarted': 'Derzeit nicht überwacht: {problem}',
  'core.watch.leftOut': '{name} wird nicht übernommen: {reason}',
  'core.watch.notReserved':
    'Die Credits für {count, plural, one {# Bild} other {# Bilder}} in {folder} konnten nicht zugesagt werden, weil sich die Liste der überwachten Ordner inzwischen geändert hat (ein anderer Prozess hat vom heutigen Limit ausgegeben, oder die Überwachung wurde geändert): Für sie wurde nichts gesendet, sie werden gleich erneut geprüft.',
  'core.watch.stayedEmpty':
    'Sie ist seit ihrem Erscheinen leer geblieben (0 Byte): Kopieren Sie sie erneut, oder löschen Sie sie.',
  'watches.summary':
    'Überwachte Ordner: {count, plural, =0 {keine} one {# Ordner} other {# Ordner}}',
  'watches.empty':
    'Kein Ordner wird überwacht. Fügen Sie unten einen hinzu: Jedes neue Bild, das dort vollständig angekommen ist, wird mit einem Profil bereinigt, und das Ergebnis landet dort, wo die Ausgabe-Einstellungen es sagen.',
  'watches.needProfile':
    'Um einen Ordner zu überwachen, speichern Sie zuerst ein Wasserzeichen-Profil (Wasserzeichen-Profile, oben).',
  'watches.line':
    'Profil „{profile}“{recursive, select, yes {, mit Unterordnern} other {}} · {engine, select, service {kostenpflichtig: heute {spent} von {limit} Credits ausgegeben} other {auf diesem Computer, kostenlos}}',
  'watches.watching': 'Wird überwacht',
  'watches.paused': 'Angehalten: Neue Bilder werden nicht übernommen',
  'watches.notRunning': 'Derzeit nicht überwacht: siehe Hinweis unten',
  'watches.pause': 'Anhalten',
  'watches.resume': 'Fortsetzen',
  'watches.forget': 'Nicht mehr überwachen',
  'watches.recent': 'Zuletzt übernommene Dateien aus {folder}',
  'watches.fileLine': '{name} — {status}',
  'watches.needsLook': 'Bitte ansehen: {why}',
  'watches.failedStatus': '{state}: {error}',
  'watches.addTitle': 'Einen Ordner überwachen',
  'watches.folder': 'Zu überwachender Ordner',
  'watches.noFolderYet': 'Noch kein Ordner gewählt',
  'watches.chooseFolder': 'Ordner wählen…',
  'watches.profile': 'Mit dem Profil bereinigen',
  'watches.recursive': 'Unterordner einbeziehen',
  'watches.engine': 'Wer bereinigt',
  'watches.engineLocal': 'Auf diesem Computer – kostenlos',
  'watches.engineService': 'Der Dienst – kostenpflichtig, mit Tageslimit',
  'watches.limit': 'Höchstens Credits pro Tag',
  'watches.cost':
    'Jedes Bild kostet {cost, plural, one {# Credit} other {# Credits}}. Geben Sie an, wie viele Credits höchstens pro Tag ausgegeben werden dürfen: Darüber hinaus wird nichts gesendet.',
  'watches.costWithLimit':
    'Jedes Bild kostet {cost, plural, one {# Credit} other {# Credits}}: höchstens {limit, plural, one {# Credit} other {# Credits}} pro Tag, also {images, plural, one {# Bild} other {# Bilder}}; danach wartet die Überwachung bis zum nächsten Tag.',
  'watches.add': 'Diesen Ordner überwachen',
  'main.dialog.profiles': 'Wasserzeichen-Profile',
  'main.dialog.exportProfile': 'Wasserzeichen-Profil exportieren',
  'main.dialog.importProfile': 'Wasserzeichen-Profil importieren',
  'profiles.summary':
    'Wasserzeichen-Profile: {count, plural, =0 {noch keine} one {# gespeichert} other {# gespeichert}}',
  'profiles.saveLabel': 'Das vermessene Wasserzeichen als Profil speichern',
  'profiles.namePlaceholder': 'Name, z. B. Studio-Logo',
  'profiles.save': 'Speichern',
  'profiles.empty':
    'Noch keine Profile. Sobald „Wasserzeichen finden“ ein Zeichen für diesen Computer vermessen hat, speichern Sie es hier: Spätere Bilder mit demselben Zeichen werden dann kostenlos bereinigt, ohne Stapel.',
  'profiles.line':
    '{size} · vermessen an {count, plural, one {# Bild} other {# Bildern}} · {placement, select, topLeft {Ecke oben links} topRight {Ecke oben rechts} bottomLeft {Ecke unten links} bottomRight {Ecke unten rechts} other {nur diese Größe}}',
  'profiles.use': 'Auf die bereitgestellten Bilder anwenden',
  'profiles.export': 'Exportieren…',
  'profiles.delete': 'Löschen',
  'profiles.import': 'Profil importieren…',
  'profiles.used':
    '{count, plural, one {# bereitgestelltes Bild erhält} other {# bereitgestellte Bilder erhalten}} das Profil „{name}“: „Starten“ bereinigt {count, plural, one {es} other {sie}} auf diesem Computer, kostenlos.',
  'profiles.leftOut': '{name}: {reason}',
  'profiles.saved': 'Profil „{name}“ gespeichert.',
  'profiles.exported': 'Exportiert nach {path}.',
  'profiles.imported': 'Profil „{name}“ importiert.',
  'core.film.notVideo':
    'Der Clip von {label} konnte nicht als Video gelesen werden: Erstellen Sie diesen Take neu, oder wählen Sie einen anderen.',
  'core.film.clipGone':
    'Der Clip von {label} liegt nicht mehr unter {file}: Legen Sie ihn zurück, oder wählen Sie einen anderen Take.',
  'core.film.changed':
    'Der Clip von {label} hat sich beim Zusammenfügen geändert: Versuchen Sie es erneut.',
  'core.film.nothing':
    'Es gibt nichts zusammenzufügen: Erstellen Sie zuerst einen Take eines Shots.',
  'core.film.damagedSettings':
    'Der Clip von {clip} hat beschädigte H.264-Einstellungen: Erstellen Sie diesen Take neu, oder wählen Sie einen anderen.',
  'core.film.unknownCodec': 'unbekannt',
  'core.film.otherFormat':
    'Diese Takes lassen sich nicht ohne Neukodierung zusammenfügen: Der Clip von {clip} ist {theirs}, der von {first} {ours}; erstellen Sie die Takes im selben Videoformat, oder wählen Sie Takes, die es sind.',
  'core.film.otherSize':
    'Diese Takes lassen sich nicht ohne Neukodierung zusammenfügen: Der Clip von {clip} ist {theirs}, der von {first} {ours}; erstellen Sie die Takes in derselben Auflösung (gleiches Seitenverhältnis und gleiche Qualität), oder wählen Sie Takes, die es sind.',
  'core.film.otherTurn':
    'Diese Takes lassen sich nicht ohne Neukodierung zusammenfügen: Der Clip von {clip} ist um {theirs}° gedreht, der von {first} um {ours}°; wählen Sie gleich gedrehte Takes.',
  'core.film.otherColour':
    'Diese Takes lassen sich nicht ohne Neukodierung zusammenfügen: Der Clip von {clip} hat {theirs}, der von {first} {ours}; erstellen Sie die Takes mit denselben Farbeinstellungen, oder wählen Sie Takes, die sie haben.',
  'core.film.colourRange':
    '{full, select, true {Farben mit vollem Umfang} other {Farben mit begrenztem Umfang}}',
  'core.film.colourMatrix': 'die Farbmatrix {value}',
  'core.film.colourPrimaries': 'die Farbprimärwerte {value}',
  'core.film.colourTransfer': 'die Übertragungskurve {value}',
  'core.film.otherRate':
    'Diese Takes lassen sich nicht ohne Neukodierung zusammenfügen: Der Clip von {clip} läuft mit {theirs} Bildern pro Sekunde, der von {first} mit {ours}; erstellen Sie die Takes mit derselben Bildrate, oder wählen Sie Takes, die sie haben.',
  'core.film.soundOnlyHere':
    'Diese Takes lassen sich nicht ohne Neukodierung zusammenfügen: Der Clip von {clip} hat Ton, der von {first} keinen; erstellen Sie alle Takes mit Ton oder alle ohne, oder wählen Sie solche Takes.',
  'core.film.soundOnlyThere':
    'Diese Takes lassen sich nicht ohne Neukodierung zusammenfügen: Der Clip von {clip} hat keinen Ton, der von {first} schon; erstellen Sie alle Takes mit Ton oder alle ohne, oder wählen Sie solche Takes.',
  'core.film.soundEncoding':
    'Diese Takes lassen sich nicht ohne Neukodierung zusammenfügen: Der Ton des Clips von {clip} ist mit anderen Einstellungen kodiert als der von {first}; erstellen Sie die Takes mit denselben Toneinstellungen, oder wählen Sie Takes, die sie haben.',
  'core.film.otherSound':
    'Diese Takes lassen sich nicht ohne Neukodierung zusammenfügen: Der Clip von {clip} hat {theirs}, der von {first} {ours}; erstellen Sie die Takes mit denselben Toneinstellungen, oder wählen Sie Takes, die sie haben.',
  'core.film.sound':
    '{codec}-Ton mit {rate} Hz auf {channels, plural, one {# Kanal} other {# Kanälen}}',
  'core.files.diskFull':
    'Das Laufwerk mit {folder} ist voll: Schaffen Sie dort Platz oder wählen Sie einen anderen Ordner, dann {again}.',
  'core.files.notWritable':
    'Clearframe darf nicht in {folder} schreiben: Wählen Sie einen anderen Ordner, dann {again}.',
  'core.files.noFreeName': 'Für {what} wurde in {folder} kein freier Name gefunden.',
  'core.keys.cannotSave': 'Der Schlüssel kann nicht gespeichert werden: {why}',
  'core.lock.holderApp': 'die Clearframe-App (PID {pid}, seit {since})',
  'core.lock.holderCommand': '„{command}“ (PID {pid}, seit {since})',
  'core.settings.newer':
    'sie wurden von einem neueren Clearframe gespeichert (Einstellungsversion {version}; dieses kennt {known})',
  'core.settings.noMigration':
    'dieses Clearframe kann die Einstellungsversion {version} nicht lesen',
  'core.settings.setAside':
    'Ihre Einstellungen konnten nicht gelesen werden ({why}), daher gelten die Standardwerte. Die alte Datei wurde als {aside} aufbewahrt.',
  'core.settings.leftInPlace':
    'Ihre Einstellungen konnten nicht gelesen werden ({why}), daher gelten die Standardwerte. Die Datei wurde unverändert unter {file} belassen; Einstellungen können erst gespeichert werden, wenn sie lesbar ist oder entfernt wurde.',
  'core.settings.keptInPlace':
    '{file} konnte weder gelesen ({why}) noch beiseitegelegt werden ({whyNotMoved})',
  'core.settings.cannotSave':
    'Die Einstellungen können nicht gespeichert werden: {why}. Machen Sie die Datei lesbar oder verschieben Sie sie, und starten Sie Clearframe dann neu.',
  'core.settings.folderNotWritable':
    'Die Einstellungen können nicht in {folder} gespeichert werden ({why}). Machen Sie diesen Ordner beschreibbar und ändern Sie die Einstellung dann erneut.',
  'core.probe.empty': 'Die Datei ist leer.',
  'core.film.otherEncoding':
    'Diese Takes lassen sich nicht ohne Neukodierung zusammenfügen: Der Clip von {clip} wurde mit anderen {theirs}-Einstellungen kodiert als der von {first}; nur H.264-Clips mit unterschiedlichen Einstellungen lassen sich unverändert zusammenfügen. Erstellen Sie die Takes gleich, oder wählen Sie gleiche Takes.',
  'core.keys.works':
    '{kind, select, watermark {Das Wasserzeichen-API-Token} other {Der Video-API-Schlüssel}} funktioniert: {quota} (von {host}).{saving, select, true { {kind, select, watermark {Es} other {Er}} wurde im Schlüsselbund des Systems gespeichert.} other {}}',
  'core.keys.refused':
    '{host} hat {kind, select, watermark {dieses Wasserzeichen-API-Token} other {diesen Video-API-Schlüssel}} abgelehnt{answered, select, yes { (der Dienst sagte: „{answer}“)} other {}}.{saving, select, true { {kind, select, watermark {Es} other {Er}} wurde nicht gespeichert.} other {}} Kopieren Sie den Schlüssel erneut aus Ihrem Konto auf der Website des Anbieters.',
  'core.keys.unchecked':
    '{kind, select, watermark {Das Wasserzeichen-API-Token} other {Der Video-API-Schlüssel}} konnte nicht geprüft werden: {why}{saving, select, true { {kind, select, watermark {Es} other {Er}} wurde nicht gespeichert.} other {}} Prüfen Sie die Verbindung und die Adresse des Dienstes in den Einstellungen, dann versuchen Sie es erneut.',
  'core.keys.acceptedLowBalance':
    '{host} hat {kind, select, watermark {das Wasserzeichen-API-Token} other {den Video-API-Schlüssel}} angenommen, meldet aber ein zu niedriges Guthaben: {why}.{saving, select, true { {kind, select, watermark {Es} other {Er}} wurde im Schlüsselbund des Systems gespeichert.} other {}}',
  'core.keys.acceptedBalanceUnread':
    '{host} hat {kind, select, watermark {das Wasserzeichen-API-Token} other {den Video-API-Schlüssel}} angenommen, aber das Guthaben konnte nicht gelesen werden ({why}); der Bereich Konto fragt erneut.{saving, select, true { {kind, select, watermark {Es} other {Er}} wurde im Schlüsselbund des Systems gespeichert.} other {}}',
  'core.keys.unknownShape': 'seine Antwort hatte keine Form, die Clearframe kennt',
  'core.keys.answeredStatus': 'er antwortete mit HTTP {status}',
  'core.keys.balance': '{amount} Guthaben',
  'core.keys.creditsLeft': '{remaining} von {limit} Credits übrig',
  'core.keys.noKeychain':
    'Kein Schlüsselbund des Systems hat geantwortet. Installieren und entsperren Sie einen Secret Service wie GNOME Keyring (Paket gnome-keyring) und melden Sie sich erneut an, oder setzen Sie CLEARFRAME_WATERMARK_KEY und CLEARFRAME_VIDEO_KEY.',
  'core.keys.keychainLocked':
    'Der Schlüsselbund des Systems konnte nicht verwendet werden. Entsperren Sie ihn und versuchen Sie es erneut, oder setzen Sie CLEARFRAME_WATERMARK_KEY und CLEARFRAME_VIDEO_KEY.',
  'core.mask.marksNothing':
    'Die Maske markiert nichts (ihre Markierungen liegen außerhalb des Bildes oder wurden gelöscht), daher wurde nichts gesendet: Markieren Sie das Wasserzeichen, oder senden Sie das Bild ohne Maske.',
  'core.inputs.svg':
    'Es ist eine SVG-Datei, eine Vektorzeichnung, und der Dienst nimmt nur Pixelbilder. Exportieren Sie sie als PNG und fügen Sie diese hinzu.',
  'core.inputs.provenanceLog':
    'Es ist das Protokoll, das Clearframe über die Ergebnisse in diesem Ordner führt.',
  'core.inputs.unreadable':
    'Die Datei kann nicht gelesen werden. Prüfen Sie, ob Sie sie öffnen dürfen.',
  'core.inputs.noExtension': 'Die Datei hat keine Endung und ihr Inhalt ist kein Bild.',
  'core.inputs.notImage': 'Es ist keine Bilddatei.',
  'core.inputs.special': 'Es ist eine Verknüpfung oder eine besondere Datei, kein Bild.',
  'core.inputs.missing': 'Es existiert nicht (verschoben oder gelöscht?).',
  'core.inputs.neither': 'Es ist weder eine Datei noch ein Ordner.',
  'core.output.otherShape':
    'Der Dienst hat {result} Pixel für ein Bild mit {image} geliefert, also eine andere Form; sein Ergebnis konnte daher nicht über das Original gelegt werden: Es wird ganz behalten und auf die Größe des Originals gestreckt.',
  'core.automask.notLookedFor': 'Das Wasserzeichen konnte nicht gesucht werden',
  'core.files.diskFullWaiting':
    'Das Laufwerk mit {folder} ist voll. Schaffen Sie dort Platz: Wartende Aufträge laufen von selbst weiter, sobald Platz ist, und nichts wird erneut gesendet oder bezahlt.',
  'core.files.dataFolderReadOnly':
    'Clearframe kann nicht in seinen Datenordner {folder} schreiben ({why}). Machen Sie den Ordner beschreibbar (prüfen Sie seine Berechtigungen oder ob sein Laufwerk schreibgeschützt eingebunden ist), oder richten Sie CLEARFRAME_DATA_DIR auf einen beschreibbaren Ordner, und starten Sie Clearframe dann erneut.',
  'core.files.what.film': 'den Film',
  'core.files.what.take': 'den Take von Shot {shot}',
  'core.files.what.csv': 'die CSV-Datei',
  'core.files.what.lastFrame': 'das letzte Bild',
  'core.files.again.join': 'verbinden Sie die Takes erneut',
  'core.files.again.export': 'exportieren Sie erneut',
  'core.files.again.exportSpending': 'exportieren Sie die Ausgaben erneut',
  'core.files.again.extend': 'setzen Sie den Versuch erneut fort',
  'core.finder.tooFew':
    'Zu wenige Bilder dieser Größe, um das Wasserzeichen zu finden (mindestens {count}, die es teilen, sind nötig): Markieren Sie es von Hand.',
  'core.finder.refused':
    'diese Bilder teilen keine Markierung (was hervorsticht, würde {share} jedes Bildes bedecken); markieren Sie sie von Hand',
  'core.finder.faint':
    'Die Markierung ist auf diesem Bild schwach oder teilweise verdeckt (Wert {score}): Sehen Sie sich seine Maske an, bevor sie verwendet wird.',
  'core.finder.damaged':
    'Die Datei ist beschädigt oder unvollständig und konnte nicht gelesen werden; sie wird ausgelassen.',
  // ── end of Engine, media, files, keys and settings.

  // ── Engine, app desks and notices: keys of their sentences go below this line.
  'core.app.otherProcessDone': 'Der andere Prozess ist fertig; die Warteschlange läuft jetzt hier.',
  'core.app.waitingForHolder':
    '{holder} arbeitet in diesem Datenordner. Aufträge, die Sie hier hinzufügen, warten, bis er fertig ist, und starten dann von selbst.',
  'core.app.folderReadOnly':
    '{problem} Bis dahin hält dieser Lauf seine Warteschlange und Protokolle in {folder}; dieser Ordner wird nicht aufbewahrt.',
  'core.app.databaseSetAside':
    'Die Auftragsdatenbank war beschädigt, daher hat Clearframe eine neue, leere Warteschlange begonnen. Die alte wurde als {aside} aufbewahrt; Ihre Bilder und Ergebnisse auf dem Datenträger wurden nicht angetastet. Aufträge, die darin waren, müssen erneut hinzugefügt werden.',
  'core.app.noKeychain':
    '{problem} Bis dahin können hier keine Schlüssel gespeichert werden; Schlüssel aus diesen Umgebungsvariablen funktionieren.',
  'core.app.projectGone': 'Dieses Projekt existiert nicht mehr.',
  'core.video.noTakeFile':
    '{here, select, gone {Der Clip dieses Takes liegt nicht mehr unter {file}: Legen Sie ihn dorthin zurück oder starten Sie den Versuch neu.} other {Dieser Take hat noch keinen Clip auf diesem Computer: Warten Sie, bis er fertig heruntergeladen ist.}}',
  'core.app.importProjectGone': 'Dieses Projekt existiert nicht mehr; wählen Sie ein anderes.',
  'core.app.importChanged':
    '{file} ergibt nicht mehr, was Sie gesehen haben (die Datei oder die Preisstufe hat sich geändert): Jetzt sind es {count, plural, one {# Versuch} other {# Versuche}} für {cost}. Nichts wurde eingereiht; sehen Sie sie sich noch einmal an, bevor Sie sie einreihen.',
  'core.app.shotNotAdded': 'Dieser Shot konnte nicht hinzugefügt werden; versuchen Sie es erneut.',
  'core.app.shotGone': 'Dieser Shot existiert nicht mehr.',
  'core.app.filmTakeGone':
    'Einer der Takes gehört nicht mehr zu diesem Projekt: Wählen Sie erneut.',
  'core.app.filmTakeUnfinished':
    'Der gewählte Versuch von Shot {position} hat keinen fertigen Clip: Wählen Sie einen abgeschlossenen Versuch.',
  'core.app.filmNoTakes':
    'Noch kein Shot hat einen fertigen Take: Fügen Sie den Film zusammen, sobald ein Versuch eines Shots fertig ist.',
  'core.app.previewUnconfirmed':
    'Eine Vorschau mit dem Dienst kostet 1 Credit: Bestätigen Sie das zuerst.',
  'core.app.previewFailed':
    'Der Dienst konnte die Vorschau nicht bereinigen ({problem}). Versuchen Sie ein anderes Bild, oder starten Sie den Stapel auf diesem Computer.',
  'core.app.addressProblem':
    '{problem} Prüfen Sie die Adresse in einem Browser und versuchen Sie es dann erneut.',
  'core.app.thatAddress': 'Diese Adresse',
  'core.app.addressTimeout': '{host} hat nicht rechtzeitig geantwortet.',
  'core.app.addressUnreachable':
    '{host} war nicht erreichbar: Die Website ist ausgefallen, oder die Adresse oder die Internetverbindung stimmt nicht.',
  'core.app.addressHttp': '{host} hatte ein eigenes Problem (HTTP {status}).',
  'core.app.addressRefused': '{host} hat das Bild nicht geliefert: {reason}.',
  'core.app.addressRefusedHttp': '{host} hat das Bild nicht geliefert (HTTP {status}).',
  'core.app.addressUnreadable':
    'Das Bild unter dieser Adresse konnte nicht gelesen werden ({reason}).',
  'core.app.addressUnusable': 'Die Adresse liefert kein verwendbares Bild: {reason}',
  'core.app.assetNoPicture':
    'Keine Vorschau: Der Dienst gibt hochgeladene Assets nicht zum Ansehen zurück. Um das Bild hier zu sehen, geben Sie seine Webadresse an oder wählen Sie die Datei.',
  'core.app.pastedUnusable': 'Das eingefügte Bild kann nicht verwendet werden: {reason}',
  'core.app.imageGone': 'Dieses Bild ist nicht mehr verfügbar; fügen Sie es erneut hinzu.',
  'core.app.fileUnreadable':
    'Sie konnte nicht gelesen werden. Prüfen Sie, ob sie existiert und ob Sie sie öffnen dürfen.',
  'core.app.stagedGone':
    'Dieses Bild steht nicht mehr in der Liste der angesehenen Dateien (die App wurde vielleicht neu gestartet); fügen Sie es erneut hinzu.',
  'core.app.alreadyListed': 'Sie steht schon in der Liste.',
  'core.app.maskEmpty':
    'Die Maske markiert nichts: Übermalen Sie das Wasserzeichen, oder wählen Sie „Keine Maske“.',
  'core.app.fileMaskEmpty': '{file}: {problem}',
  'core.app.maskToolEmpty':
    'Dann bliebe nichts markiert: Machen Sie es rückgängig, oder wählen Sie einen kleineren Wert oder einen größeren Ausschnitt.',
  // ── end of Engine, app desks and notices.
};
