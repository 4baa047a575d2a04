import type { Catalogue } from './en.ts';

/**
 * French. Terms: filigrane, masque, projet, plan (shot), essai (round), prise (take), clip,
 * crédit, service, clé; the user is addressed as "vous"; a typographic apostrophe (’)
 * throughout, which ICU never reads as a quote; no-break spaces before : ; ? and inside
 * « », so a line never starts with the sign.
 */
export const fr: Catalogue = {
  'app.version': 'v{version} · {platform}',
  'app.screens': 'Écrans',
  'app.screen.images': 'Images',
  'app.screen.video': 'Vidéo',
  'app.screen.account': 'Compte',
  'app.screen.settings': 'Réglages',

  'toast.dismiss': 'Fermer',
  'notices.unreadable': 'Les messages du démarrage n’ont pas pu être lus : {why}',
  'notices.dismiss': 'Fermer ce message',
  'paid.confirm': 'Confirmer et envoyer',
  'paid.back': 'Retour',
  'retry.what': 'Renvoyer {name}',
  'retry.confirmLabel': 'Confirmer le renvoi de {name}',
  'retry.question': 'Payer à nouveau {cost} ?',
  'retry.firstQuestion': 'L’envoyer au service pour {cost} ?',
  'retry.sendAgain': 'Renvoyer (payant) – {cost}',
  'retry.checkAgain': 'Vérifier à nouveau',
  'retry.checkAgainHint':
    'Interroge à nouveau le service avec le numéro de tâche reçu ; c’est gratuit.',
  'retry.retry': 'Réessayer – {cost}',

  'format.credits': '{count, plural, one {# crédit} other {# crédits}}',
  'format.secondsLeft': 'environ {seconds} s restantes',
  'format.minutesLeft': 'environ {minutes} min restantes',

  'demo.all':
    'Mode démo : les tâches passent par le simulateur intégré, dont les résultats ne donnent qu’une idée approximative de ceux du service. Rien n’est envoyé au service et rien n’est facturé.',
  'demo.video':
    'Mode démo pour la vidéo : les essais passent par le simulateur intégré, dont les clips sont des exemples tout faits, pas ce que le service produirait. Rien n’est envoyé au service vidéo et rien n’est facturé. Les images vont au service.',
  'demo.images':
    'Mode démo pour les images : le simulateur intégré les nettoie, et ses résultats ne donnent qu’une idée approximative de ceux du service. Rien n’est envoyé au service de filigranes et rien n’est facturé. Les essais vidéo vont au service.',
  'demo.short.all': 'Mode démo : rien n’est envoyé ni facturé.',
  'demo.short.video':
    'Vidéo en mode démo : rien n’est envoyé ni facturé. Les images vont au service.',
  'demo.short.images': 'Images en mode démo, gratuit. Les essais vidéo vont au service.',
  'demo.howTo': 'Comment utiliser mon propre compte ?',
  'demo.step.signIn':
    'Connectez-vous sur le site du fournisseur. Le jeton d’API filigrane se crée dans l’espace compte sous « API tokens », la clé d’API vidéo sous « API keys » (les appels vidéo sont débités d’un solde en USD distinct).',
  'demo.step.openSite': 'Ouvrir le site du fournisseur',
  'demo.step.paste':
    'Collez-les dans les <settings>Réglages</settings>. Chaque clé est testée auprès du service avant d’être conservée.',
  'demo.step.keychain':
    'Les clés sont conservées dans le trousseau du système et ne quittent cet ordinateur que vers le service auquel elles appartiennent.',

  'language.label': 'Langue',
  'language.system': 'Comme le système ({language})',
  'language.hint': 'La fenêtre change aussitôt.',

  'key.name.watermark': 'Jeton d’API filigrane',
  'key.name.video': 'Clé d’API vidéo',
  'key.form': 'Réglages : {name}',
  'key.save': 'Enregistrer et tester',
  'key.clear': 'Effacer',
  'key.removed':
    '{kind, select, watermark {Jeton retiré} other {Clé retirée}} du trousseau du système.',
  'key.setFromEnvironment':
    '{kind, select, watermark {Jeton défini} other {Clé définie}} (par l’environnement)',
  'key.setInKeychain':
    '{kind, select, watermark {Jeton défini} other {Clé définie}} (dans le trousseau du système)',
  'key.notSet': '{kind, select, watermark {Aucun jeton défini} other {Aucune clé définie}}',

  'state.queued': 'En attente',
  'state.preparing': 'Préparation',
  'state.submitting': 'Envoi',
  'state.submitted': 'Envoyé',
  'state.processing': 'Nettoyage en cours',
  'state.downloading': 'Enregistrement du résultat',
  'state.done': 'Terminé',
  'state.failed': 'Échec',
  'state.canceled': 'Annulé',
  'state.needs-attention': 'Votre décision est requise',
  'state.round.processing': 'Création en cours',
  'state.round.downloading': 'Enregistrement du clip',

  'drop.label': 'Déposez des images ou des dossiers ici',
  'drop.more': 'Ajouter : déposez des images ou des dossiers ici',
  'drop.first': 'Déposez des images ou des dossiers ici pour retirer les filigranes',
  'drop.choose': 'Choisir des images…',
  'drop.chooseFolder': 'Choisir un dossier…',
  'clips.title': 'Vidéos',
  'clips.hint':
    'Les clips (MP4, MOV, WebM) se nettoient sur cet ordinateur, dans cette fenêtre, gratuitement : un logo immobile est trouvé sur tout le clip et ôté de chaque image.',
  'clips.paused':
    'En pause : les parties déjà nettoyées sont gardées, et le clip reprend après elles quand vous relancez.',
  'clips.run': '{count, plural, one {Nettoyer # clip} other {Nettoyer # clips}}',
  'clips.pause': 'Pause',
  'clips.resume': 'Reprendre',
  'clips.cancel': 'Annuler',
  'clips.retry': 'Réessayer (gratuit)',
  'clips.progress': '{done} images sur {total}, {fps} images par seconde, environ {left} restantes',
  'clips.state':
    '{state, select, queued {En attente} preparing {Nettoyage des images} downloading {Enregistrement} done {Nettoyé} failed {Non nettoyé} canceled {Annulé} other {Attend votre décision}}',
  'clips.result': 'Clip nettoyé {name}',
  'clips.unstage': 'Retirer de la liste',
  'clips.cleanThis': 'Nettoyer {name}',
  'clips.finding': 'Recherche de la marque sur tout le clip…',
  'clips.proposalFailed':
    'La marque de {name} n’a pas pu être cherchée ({reason}) : déposez le clip à nouveau ; si cela échoue encore, le fichier est peut-être abîmé.',
  'clips.leftOut':
    '{name} est laissé de côté : il ne sera pas nettoyé. Cochez-le pour le nettoyer quand même.',
  'clips.frameAlt': 'L’image du milieu de {name}, avec le masque en rouge par-dessus',
  'clips.share':
    'Le masque couvre {share} de l’image. {unblended} de celui-ci laisse voir l’image et est désincrusté ; le reste est opaque et rempli à partir de ce qui l’entoure.',
  'clips.grow': 'Agrandir de {pixels} px',
  'clips.shrink': 'Réduire de {pixels} px',
  'clips.preview': 'Voir avant et après',
  'clips.previewCost':
    'Gratuit : l’aperçu est fait sur cet ordinateur à partir de ces images seulement, et rien n’est enregistré.',
  'clips.previewing': 'Préparation de l’aperçu…',
  'clips.previewSide': '{side, select, before {{name} avant} other {{name} après}}',
  'clips.previewSideShort': '{side, select, before {Avant} other {Après}}',
  'staging.count': 'Examen des fichiers : {staged} prêts, {skipped} non retenus pour l’instant',
  'staging.stop': 'Arrêter l’examen',

  'jobs.title': 'Résultats',
  'jobs.summary': '{done} sur {total} terminés',
  'jobs.attention':
    '{count, plural, one {# demande votre attention} other {# demandent votre attention}}',
  'jobs.history':
    'tous les lots, du plus récent au plus ancien : {count, plural, one {# image} other {# images}}',
  'jobs.historyMore': 'tous les lots, du plus récent au plus ancien : {count}+ images',
  'jobs.queue': 'File d’attente',
  'jobs.resume': 'Reprendre',
  'jobs.pause': 'Pause',
  'jobs.waiting': 'En attente : {reason}',
  'jobs.paused': 'En pause : rien de nouveau n’est envoyé tant que vous ne reprenez pas.',
  'jobs.retryFailed': 'Réessayer tous les échecs',
  'jobs.clearFinished': 'Retirer les terminés',
  'jobs.clearFinishedHint':
    'Retire les images terminées de cette liste ; leurs résultats restent là où ils ont été enregistrés.',
  'jobs.latestOnly': 'Afficher le dernier lot seulement',
  'jobs.allEarlier': 'Afficher tous les résultats précédents',
  'jobs.filter': 'Filtre',
  'jobs.filter.all': 'Tous',
  'jobs.filter.running': 'En cours',
  'jobs.filter.failed': 'Échecs',
  'jobs.filter.done': 'Terminés',
  'jobs.retrySelected': 'Réessayer la sélection',
  'jobs.cancelSelected': 'Annuler la sélection',
  'jobs.skip': 'Passer les résultats',
  'jobs.list': 'Tâches',
  'jobs.select': 'Sélectionner {name}',
  'jobs.progress': 'Avancement de {name}',
  'jobs.cancel': 'Annuler',
  'jobs.cancelOne': 'Annuler {name}',
  'jobs.open': 'Ouvrir',
  'jobs.openOne': 'Ouvrir {name}',
  'jobs.showInFolder': 'Afficher<hidden> {name}</hidden> dans le dossier',
  'jobs.detail': '{name} : {error}',
  'jobs.local': 'Sur cet ordinateur, gratuit',
  'jobs.free': 'gratuit',
  'jobs.doubt.unchanged': 'Inchangée',
  'jobs.doubt.markVisible': 'Filigrane encore visible',
  'jobs.doubt.keep': 'La garder',
  'jobs.doubt.keepOne': 'La garder : {name}',
  'jobs.doubt.send': 'Envoyer au service – {cost}',
  'jobs.doubt.sendWhat': 'Envoyer {name} au service',
  'jobs.doubt.byHand': 'Marquer à la main',
  'jobs.doubt.byHandOne': 'Marquer à la main : {name}',
  'jobs.filter.doubt': 'À vérifier',
  'jobs.doubtCount': '{count, plural, one {# à vérifier} other {# à vérifier}}',
  'core.jobs.doubtUnchanged':
    'Le service a rendu l’image inchangée là où il devait la nettoyer. Gardez-la telle quelle, renvoyez-la (1 crédit) ou marquez le filigrane à la main.',
  'core.jobs.doubtMarkVisible':
    'Le filigrane se lit encore dans le résultat. Gardez-le tel quel, envoyez l’image au service (1 crédit) ou marquez le filigrane à la main.',
  'cli.remove.doubted':
    '{count, plural, one {# résultat n’est pas compté comme terminé : il est douteux (voir plus haut). Gardez-le tel quel avec --keep-doubted (gratuit), envoyez-le au service avec --send-doubted ({credits} chacun, avec son masque), ou marquez le filigrane à la main : --mask ou --mask-rect avec --force, ou dans la fenêtre.} other {# résultats ne sont pas comptés comme terminés : ils sont douteux (voir plus haut). Gardez-les tels quels avec --keep-doubted (gratuit), envoyez-les au service avec --send-doubted ({credits} chacun, avec leurs masques), ou marquez le filigrane à la main : --mask ou --mask-rect avec --force, ou dans la fenêtre.}}',
  'cli.remove.doubted.usage':
    '  --keep-doubted      garder tels quels les résultats douteux (marque encore visible, inchangés) : gratuit\n  --send-doubted      envoyer les résultats douteux au service avec leurs masques, {credits} chacun',
  'cli.remove.sendingDoubted':
    '--send-doubted : envoi au service de {count, plural, one {# résultat douteux} other {# résultats douteux}} avec les masques qu’ils avaient, {credits} en tout.',

  'compare.previous': 'Résultat précédent (P)',
  'compare.next': 'Résultat suivant (N)',
  'compare.close': 'Fermer',
  'compare.slider': 'Curseur',
  'compare.sideBySide': 'Côte à côte',
  'compare.zoom': 'Zoom',
  'compare.fit': 'Ajuster ({percent})',
  'compare.picture': '{name}, {what}',
  'compare.original': 'original',
  'compare.split': 'Séparation',
  'compare.splitValue': '{percent} d’original',

  'mask.editor': 'Masque de {name}',
  'mask.tools': 'Outils du masque',
  'mask.tool.brush': 'Pinceau (B)',
  'mask.tool.eraser': 'Gomme (E)',
  'mask.tool.rect': 'Rectangle (R)',
  'mask.tool.lasso': 'Lasso (L)',
  'mask.size': 'Taille',
  'mask.pixels': '{size} px',
  'mask.opacity': 'Opacité du masque',
  'mask.undo': 'Annuler',
  'mask.redo': 'Rétablir',
  'mask.clear': 'Effacer',
  'mask.fit': 'Ajuster',
  'mask.import': 'Importer un masque…',
  'mask.export': 'Exporter le masque…',
  'mask.wholeTools': 'Outils pour tout le masque',
  'mask.whole': 'Tout le masque :',
  'mask.by': 'de',
  'mask.px': 'px',
  'mask.byLabel': 'Pixels à ajouter ou à retirer',
  'mask.grow': 'Élargir',
  'mask.shrink': 'Réduire',
  'mask.invert': 'Inverser',
  'mask.grown': 'Élargi de {pixels} px',
  'mask.shrunk': 'Réduit de {pixels} px',
  'mask.inverted': 'Inversé',
  'mask.keepInView': 'Garder seulement ce qui est visible',
  'mask.keepInViewHint':
    'Zoomez et déplacez-vous d’abord jusqu’au filigrane : tout ce qui est marqué hors de la vue est effacé.',
  'mask.keptInView': 'Partie visible gardée',
  'mask.toolDone': '{done} : l’image est marquée à {percent}.',
  'mask.imported':
    'Masque importé : image marquée à {percent}{scaled, select, true {, mis à l’échelle de l’image} other {}}{whiteOnBlack, select, true {, blanc lu comme « à retirer »} other {}}.',
  'mask.wholeUse': 'Repeindre toute l’image',
  'mask.wholeNothing': 'Ne rien importer',
  'mask.wholeNotImported':
    'Aucun masque n’a été importé : peignez sur le filigrane, ou importez un masque qui ne marque que lui.',
  'mask.saved': 'Enregistré dans {path}.',
  'mask.canvas':
    '{name} : peignez sur ce qu’il faut retirer. Les flèches déplacent le curseur, maintenez Entrée pour peindre. Maintenez O pour voir l’original.',
  'mask.status': '{width}×{height} · {count, plural, one {# trait} other {# traits}}',
  'mask.loading': 'Chargement de l’image…',
  'mask.shortcuts':
    'Molette pour zoomer vers le pointeur, Alt+molette ou [ ] pour la taille du pinceau, espace+glisser pour se déplacer, O pour voir l’original, Ctrl+Z pour annuler. Sur l’image (atteinte par Tab) : les flèches déplacent le curseur et la vue (Maj : plus loin), maintenir Entrée pour peindre, 1 pour {full}, F pour ajuster.',
  'mask.scaledFrom':
    'Ce masque a été dessiné sur une image de {size} puis mis à l’échelle de celle-ci. Vérifiez qu’il couvre toujours le filigrane.',
  'mask.leave': 'Abandonner ce masque ?',
  'mask.leaveQuestion': 'Abandonner ce que vous avez peint sur {name} ?',
  'mask.throwAway': 'Abandonner',
  'mask.keepPainting': 'Continuer à peindre',
  'mask.use': 'Utiliser ce masque',
  'mask.applySameSize': 'Appliquer aux {count} images de cette taille',
  'mask.applyAll': 'Appliquer aux {count} images',
  'mask.applyAllHint':
    'Les images d’autres tailles reçoivent le masque mis à l’échelle, chaque marque gardée au plus près de son coin.',
  'mask.applySelected': 'Appliquer à la sélection ({count})',
  'mask.none': 'Aucun masque',
  'mask.cancel': 'Annuler',
  // The mask editor's keyboard, zoom, file name, and the question before an apply replaces masks.
  'mask.zoomLevel': 'Zoom {percent}',
  'mask.replaceQuestion':
    '{count, plural, one {Remplacer # masque ?} other {Remplacer # masques ?}}',
  'mask.replaceWhich':
    '{found, plural, =0 {Aucun n’a été trouvé par « Trouver le filigrane »} one {# a été trouvé par « Trouver le filigrane »} other {# ont été trouvés par « Trouver le filigrane »}}, {painted, plural, =0 {aucun peint à la main} one {# peint à la main} other {# peints à la main}}. « Annuler » les remet.',
  'mask.replace': '{count, plural, one {Remplacer # masque} other {Remplacer # masques}}',
  'mask.replaceBack': 'Revenir',
  'images.undoApply': 'Annuler',
  'images.applyUndone': 'Annulé : les masques sont comme avant.',

  'arrange.keepIt': 'Garder',
  'arrange.remove': 'Retirer',
  'arrange.body': '{leaves} {kept}',
  'arrange.keptNoClips': 'Ce qui a été dépensé reste dans vos dépenses.',
  'arrange.keptClips':
    '{clips, plural, one {Le clip enregistré reste où il est} other {Les # clips enregistrés restent où ils sont}}, et ce qui a été dépensé reste dans vos dépenses.',
  'arrange.projectName': 'Nom du projet',
  'arrange.saveName': 'Enregistrer le nom',
  'arrange.cancel': 'Annuler',
  'arrange.rename': 'Renommer…',
  'arrange.earlier': 'Avancer le projet',
  'arrange.later': 'Reculer le projet',
  'arrange.removeProject': 'Retirer le projet…',
  'arrange.removeProjectTitle': 'Retirer {name} ?',
  'arrange.projectLeaves':
    '{name}, avec {shots, plural, one {# plan} other {# plans}} et {rounds, plural, one {# essai} other {# essais}}, quitte la liste.',
  'arrange.shot': 'Plan {position}',
  'arrange.moveEarlier': 'Avancer le plan',
  'arrange.moveLater': 'Reculer le plan',
  'arrange.moveEarlierShot': 'Avancer le plan : plan {position}',
  'arrange.moveLaterShot': 'Reculer le plan : plan {position}',
  'arrange.removeShot': 'Retirer le plan…',
  'arrange.removeShotTitle': 'Retirer le plan {position} ?',
  'arrange.shotLeaves':
    'Le plan {position}, avec {rounds, plural, one {# essai} other {# essais}}, quitte la liste.',
  'arrange.isTake': 'Prise du plan',
  'arrange.useTake': 'Choisir comme prise',
  'arrange.removeRound': 'Retirer…',
  'arrange.removeRoundTitle': 'Retirer l’essai {round} du plan {shot} ?',
  'arrange.roundLeaves': 'L’essai {position} quitte la liste.',

  'scrub.legend': 'Moments à modifier',
  'scrub.play': 'Lire un clip de ce projet',
  'scrub.choose': 'Choisir…',
  'scrub.none': 'Les clips terminés de ce projet peuvent être lus ici pour choisir les moments.',
  'scrub.insertNow': 'Insérer le moment actuel',
  'scrub.startHere': 'Début ici',
  'scrub.endHere': 'Fin ici',
  'scrub.from': 'de (s)',
  'scrub.to': 'à (s)',
  'scrub.insertRange': 'Insérer l’intervalle',
  'scrub.endAfterStart': 'La fin doit venir après le début.',

  'history.title': 'Tâches sur le service',
  'history.empty': 'Le service n’indique aucune tâche ces derniers jours.',
  'history.promptUnknown': 'prompt inconnu ici (lancé ailleurs)',
  'history.place': 'dans {project}, plan {shot}, essai {round}',
  'history.inAShot': 'dans un plan',
  'history.task': 'tâche {id}',
  'history.taskAt': '{date} · tâche {id}',
  'history.add': 'Ajouter à {shot}',
  'history.phase.in-progress': 'en cours',
  'history.phase.succeeded': 'terminée',
  'history.phase.failed': 'échouée',

  'film.title': 'Un film de {name}',
  'film.about':
    'La prise que chaque plan donne au film, dans l’ordre. Elles sont assemblées telles quelles, sans réencodage, si bien que le film est exactement à l’image de ses clips.',
  'film.noTake': 'Plan {shot} : pas encore de prise terminée, laissé de côté',
  'film.take': 'Plan {shot} : essai {round}',
  'film.takeWithPrompt': 'Plan {shot} : essai {round}, {prompt}',
  'film.joining': 'Assemblage…',
  'film.join': 'Choisir un dossier et assembler',
  'film.close': 'Fermer',
  'film.nothing': 'Aucun plan n’a encore de prise terminée.',
  'film.saved': 'Enregistré sous {path}',
  'film.player': 'Le film assemblé',
  'film.playing': 'Le film : {name}',
  'film.backToShot': 'Retour au plan {position}',

  // ── Settings and Account: keys of these screens go below this line.
  'settings.title': 'Réglages',
  'settings.keys': 'Clés d’API',
  'settings.keysHint':
    'Les clés sont conservées dans le trousseau du système et ne sont envoyées qu’au service auquel elles appartiennent.',
  'settings.service': 'Service',
  'settings.demoMode':
    'Mode démo (utiliser le simulateur intégré tant qu’aucune clé n’est définie)',
  'settings.watermarkBaseUrl': 'Adresse du service de filigranes',
  'settings.videoBaseUrl': 'Adresse du service vidéo',
  'settings.resetAddresses': 'Rétablir les adresses du fournisseur',
  'settings.pricingTier': 'Formule tarifaire',
  'settings.budgetCapUsd': 'Plafond de dépenses vidéo en USD (vide : aucun plafond)',
  'settings.budgetCapPeriod': 'Le plafond compte',
  'settings.concurrency.watermark': 'Images en parallèle',
  'settings.concurrency.video': 'Essais vidéo en parallèle',
  'settings.output': 'Sortie',
  'settings.outputFolder':
    'Dossier de sortie (vide : un dossier « clearframe » à côté de chaque image)',
  'settings.chooseFolder': 'Choisir un dossier…',
  'settings.filenameTemplate': 'Nom de fichier',
  'settings.filenameExample':
    '{photo} devient {example}. Entre accolades, {name}, {ext}, {date} et {n} désignent le nom de l’image, son extension, le jour et sa place dans le lot.',
  'settings.conflictPolicy': 'Si le nom est déjà pris',
  'settings.metadataPolicy': 'Métadonnées (EXIF, profil de couleur)',
  'settings.outputFormat': 'Format des résultats',
  'settings.folderLayout': 'Sous-dossiers d’un dossier déposé, dans le dossier de sortie',
  'settings.app': 'Application',
  'settings.theme': 'Thème',
  'settings.checkForUpdates': 'Rechercher les mises à jour',
  'settings.save': 'Enregistrer les réglages',
  'settings.saved': 'Enregistré.',
  'settings.refused': 'Rien n’a été enregistré : corrigez les champs signalés ci-dessus.',
  'settings.diagnostics': 'Diagnostic',
  'settings.openLogs': 'Ouvrir le dossier des journaux',
  'settings.copyDiagnostics': 'Copier le diagnostic',
  'settings.diagnosticsCopied': 'Diagnostic copié. Il ne contient aucune clé.',
  'settings.checkNow': 'Rechercher des mises à jour',
  'settings.value.budgetCapPeriod.all-time': 'Tout ce qui a été dépensé',
  'settings.value.budgetCapPeriod.month': 'Chaque mois civil (fuseau horaire de cet ordinateur)',
  'settings.value.conflictPolicy.suffix': 'Ajouter un numéro',
  'settings.value.conflictPolicy.skip': 'Ignorer l’image',
  'settings.value.conflictPolicy.overwrite': 'Remplacer l’ancien résultat',
  'settings.value.folderLayout.mirror': 'Les garder dans le dossier de sortie',
  'settings.value.folderLayout.flatten':
    'Mettre chaque résultat directement dans le dossier de sortie',
  'settings.value.metadataPolicy.keep': 'Les conserver',
  'settings.value.metadataPolicy.strip': 'Les supprimer',
  'settings.value.outputFormat.same': 'Comme l’image (JPEG pour HEIC)',
  'settings.value.outputFormat.pngFormat': 'PNG',
  'settings.value.outputFormat.jpegFormat': 'JPEG',
  'settings.value.outputFormat.webpFormat': 'WebP',
  'settings.value.pricingTier': '{tier} ({price} par seconde)',
  'settings.value.theme.system': 'Comme le système',
  'settings.value.theme.light': 'Clair',
  'settings.value.theme.dark': 'Sombre',
  'account.title': 'Compte',
  'account.credits': 'Crédits filigrane',
  'account.balance': 'Solde vidéo',
  'account.creditsLeft':
    '{remaining} sur {limit, plural, one {# crédit restant} other {# crédits restants}}',
  'account.from': 'selon {host}',
  'account.price': 'Prix vidéo',
  'account.pricePerSecond': '{price} par seconde (formule {tier})',
  'account.spending': 'Dépenses vidéo',
  'account.spent':
    '{spent} dépensés et {inFlight} dans les essais envoyés {cap, select, none {(aucun plafond de dépenses)} monthly {sur votre plafond mensuel de {capAmount}} other {sur votre plafond de {capAmount}}}',
  'account.spentInMonth':
    'En {month} : {spent} dépensés et {inFlight} dans les essais envoyés {cap, select, none {(aucun plafond de dépenses)} monthly {sur votre plafond mensuel de {capAmount}} other {sur votre plafond de {capAmount}}}',
  'account.spendingHint': 'chaque essai que le service a pu facturer, tel que le plafond le compte',
  'account.queue': 'Si toute la file s’exécute',
  'account.queueCost': '{credits} et {money}',
  'account.refresh': 'Actualiser',
  'account.history': 'Historique des dépenses',
  'spending.length': '{seconds} s × {price}',
  'spending.place':
    '{retried, select, true {plan {shot}, essai {round} (envoi {attempt})} other {plan {shot}, essai {round}}}',
  'spending.removed': 'retiré de la liste',
  'spending.promptUnknown': 'prompt inconnu (ajouté depuis le service)',
  'spending.lengthHint': 'La durée indiquée par le service, au prix par seconde facturé.',
  'spending.lengthUnknownHint':
    'Le service n’a pas encore indiqué la durée du clip, l’estimation en tient donc lieu.',
  'spending.status.charged': 'facturé',
  'spending.status.estimated': 'estimation : le service ne l’a pas indiqué',
  'spending.status.in-flight': 'envoyé, pas terminé : estimation',
  'spending.status.demo': 'démo : coûterait, non facturé',
  'spending.sum': '{spent} dépensés, {inFlight} dans les essais envoyés et pas terminés',
  'spending.sumWithDemo':
    '{spent} dépensés, {inFlight} dans les essais envoyés et pas terminés ; les essais de démo auraient coûté {demo}',
  'spending.saved':
    '{count, plural, one {# dépense enregistrée} other {# dépenses enregistrées}} sous {path}',
  'spending.savedWithDemo':
    '{count, plural, one {# dépense enregistrée} other {# dépenses enregistrées}} et {demo, plural, one {# essai de démo} other {# essais de démo}}, que personne n’a facturés, sous {path}',
  'spending.allMonths': 'Tous les mois',
  'spending.monthChoice': '{month} · {amount}',
  'spending.month': 'Mois',
  'spending.export': 'Exporter en CSV…',
  'spending.close': 'Fermer',
  'spending.totals': 'Au total : {sum}.',
  'spending.totalsInMonth': '{month} : {sum}.',
  'spending.about':
    'Chaque essai que le service a pu facturer : son coût (les secondes indiquées par le service × le prix par seconde) ou, tant que le service ne l’a pas indiqué, son estimation. Les mois sont les mois civils de cet ordinateur. Les essais de démo montrent ce qu’ils coûteraient et ne comptent pour rien.',
  'spending.project': '<b>{project}</b>{removed, select, true { (retiré)} other {}} : {sum}',
  'spending.nothing': 'Rien n’a été envoyé au service.',
  'spending.nothingInMonth': 'Rien n’a été envoyé au service en {month}.',
  'spending.head.sent': 'Envoyé',
  'spending.head.round': 'Essai',
  'spending.head.length': 'Durée',
  'spending.head.cost': 'Coût',
  'spending.more': 'Afficher plus',
  // ── end of Settings and Account.

  // ── Video workspace: keys of the round editor and the project list go below this line.
  'project.emptyTitle': 'Faire une vidéo, plan par plan',
  'project.emptyAbout':
    'Un projet est une vidéo. Elle se compose de plans dans l’ordre, et chaque plan se fait en essais : vous décrivez le plan, voyez ce qu’il coûte, l’envoyez, et recommencez jusqu’à ce qu’un essai soit réussi.',
  'project.emptyStart': 'Nommez votre premier projet pour commencer.',
  'project.createForm': 'Créer un projet',
  'project.newProject': 'Nouveau projet',
  'project.namePlaceholder': 'Ex. : Port la nuit',
  'project.create': 'Créer',
  'project.project': 'Projet',
  'project.shots': 'Plans',
  'project.shotButton': 'Plan {position} ({rounds})',
  'project.addShot': 'Ajouter un plan',
  'project.exportTakes': 'Exporter les prises…',
  'project.joinFilm': 'Assembler les prises en un film…',
  'project.spending': 'Dépenses…',
  'project.importRounds': 'Importer des essais…',
  'project.spendingTitle': 'Ce qu’a coûté {name}',
  'project.roundsTitle': '{project} · plan {position}',
  'project.shotName': 'plan {position}',
  'project.clipName': 'Plan {shot}, essai {round}',
  'project.player': 'Lecteur',
  'project.lastFrame': 'Dernière image',
  'project.noTake': 'pas encore de prise',
  'project.exported':
    '{count, plural, one {# prise copiée dans {folder}.} other {# prises copiées dans {folder}, une par plan, dans l’ordre.}}',
  'project.exportedLeftOut': '{copied} Laissés de côté, faute d’essai terminé : {shots}.',
  // The Video studio: picture first, storyboard, prompt bar (issue 36).
  'round.attachImage': 'Joindre une image',
  'round.attachVideo': 'Joindre une vidéo',
  'round.attachAudio': 'Joindre un son',
  'project.defaultName': 'Projet {number}',
  'project.stageEmpty':
    'Le plan {position} n’a pas encore de clip. Écrivez un essai dans la barre du bas : son clip se joue ici.',
  'project.filmTotal': 'Film : {seconds} s · les essais coûtent {cost}',
  'project.filmTotalDemo':
    'Film : {seconds} s · les essais coûteraient {cost} (démo, rien n’est facturé)',
  'project.storyboardKeys':
    'Pour déplacer un plan, faites-le glisser sur un autre, ou appuyez sur Alt avec ← ou → sur lui.',
  'round.sendAbout': 'Vérifier et envoyer · environ {cost}',
  'round.sendUpTo': 'Vérifier et envoyer · jusqu’à {cost}',
  'round.attach': 'Joindre',
  'round.attached': 'Joint',
  'round.chipRemove': 'Retirer {token}',
  'round.chipAsReference': 'Faire de {token} une référence',
  'round.chipAsFirstFrame': 'Faire de {token} la première image',
  'round.chipEmpty': 'pas encore d’adresse',
  'round.enterHint': 'Entrée vérifie l’essai et son coût ; Maj+Entrée commence une nouvelle ligne.',
  'round.moreOptions': 'Plus d’options',

  'round.title': 'Essai {position} : {prompt}',
  'round.name': 'essai {position}',
  'round.promptUnknown': 'prompt inconnu (ajouté depuis le service)',
  'round.demo': 'démo',
  'round.demoHint': 'Créé par le simulateur intégré : rien n’a été envoyé au service ni facturé.',
  'round.money.demo': 'coûterait {cost} (démo, non facturé)',
  'round.money.charged': '{cost} facturés',
  'round.money.estimated': '{cost} estimés',
  'round.clip.auto': 'durée choisie par le modèle',
  'round.clip.default': 'durée par défaut du service',
  'round.clip.seconds': 'clip de {seconds} secondes',
  'round.clip.demoStandIn':
    'clip de {seconds} secondes demandé ; la démo joue un court clip de remplacement',
  'round.seconds': '{seconds} s',
  'round.minutes': '{minutes} min',
  'round.took': 'a pris {time}',
  'round.running': 'en cours depuis {time}',
  'round.runningLeft': 'en cours depuis {time} · encore {left} environ',
  'round.play': 'Lire',
  'round.showInFolder': 'Afficher dans le dossier',
  'round.cleanLogo': 'Ôter un logo immobile (gratuit)',
  'round.cancel': 'Annuler',
  'round.cancelHint':
    'Cesse de l’attendre ; le service peut quand même le terminer et le facturer.',
  'round.writePrompt': 'Écrire le prompt…',
  'round.writePromptHint':
    'Clearframe ne connaît pas le prompt de cette tâche et ne peut donc pas la renvoyer telle quelle.',
  'round.duplicate': 'Dupliquer',
  'round.duplicateWhat': 'Envoyer une copie de l’essai {position}',
  'round.extendForm': 'Prolonger l’essai {position}',
  'round.extendWhat':
    'Envoyer la suite de l’essai {position} à partir de sa dernière image {into, select, new {dans un nouveau plan après celui-ci} other {dans ce plan, où elle devient la prise}}',
  'round.next': 'Ce qui se passe après l’essai {position}',
  'round.nextPlaceholder': 'Ce qui se passe ensuite…',
  // The take cards (issue 36): their ⋯ menus and the project's.
  'round.actions': 'Actions de l’essai {position}',
  'round.extendFromFrameOpen': 'Prolonger depuis la dernière image…',
  'round.moveEarlier': 'Avancer',
  'round.moveLater': 'Reculer',
  'project.actions': 'Actions du projet',
  'project.nameHint': 'Cliquez sur le nom pour renommer le projet',
  'project.nameEmpty':
    'Un projet a besoin d’un nom : tapez-en un, ou appuyez sur Échap pour garder « {name} ».',
  'round.extendVideoOpen': 'Prolonger la vidéo…',
  'round.extendVideoForm': 'Prolonger la vidéo de l’essai {position}',
  'round.extendVideoWhat':
    'Envoyer la suite de l’essai {position} avec son clip comme référence {into, select, new {dans un nouveau plan après celui-ci} other {dans ce plan, où elle devient la prise}}',
  'round.extendPlace': 'Où va la suite de l’essai {position}',
  'round.extendInto':
    '{into, select, new {Continuer dans un nouveau plan} other {Continuer dans ce plan}}',
  'round.uploadFirst':
    'Le service n’accepte une vidéo de référence que sous forme de ressource téléversée, et ce clip est revenu sous forme de lien de téléchargement. Téléversez {file} dans votre compte sur le site du fournisseur, puis collez ici son adresse asset://.',
  'round.assetAddress': 'Adresse de ressource de l’essai {position}',
  'round.continuation': 'La suite de l’essai {position}',
  'round.extendVideo': 'Prolonger la vidéo',

  'round.paidLabel': 'Confirmer une demande payante',
  'round.paidAbout': '{what} pour environ {cost} ?',
  'round.paidUpTo': '{what} pour {cost} au plus ?',

  'round.editor': 'Nouvel essai',
  'round.kind': 'Type d’essai',
  'round.mode.text': 'Texte vers vidéo',
  'round.mode.image': 'Image vers vidéo',
  'round.mode.frames': 'Première et dernière image',
  'round.mode.video': 'Vidéo de référence',
  'round.mode.audio': 'Audio de référence',
  'round.mode.edit': 'Modifier à des instants précis',
  'round.mode.auto': 'Auto (référence omni)',
  'round.prompt': 'Prompt',
  'round.model': 'Modèle',
  'round.duration': 'Durée (s)',
  'round.durationField': 'Durée',
  'round.resolution': 'Résolution',
  'round.ratio': 'Format',
  'round.sound': 'Son',
  'round.watermark': 'Filigrane IA sur le clip',
  'round.keepLastFrame': 'Garder la dernière image (pour prolonger)',
  'round.costAbout': 'Environ {cost} pour un clip de {seconds} secondes',
  'round.costUpTo': 'Jusqu’à {cost} : le modèle choisit la durée, {seconds} s au plus',
  'round.lengthUnknown':
    '{count, plural, one {La durée de la référence {references} n’est pas connue sur cet ordinateur} other {La durée des références {references} n’est pas connue sur cet ordinateur}}, elle n’est donc pas vérifiée ici : une fois l’essai envoyé, le service vérifie qu’une vidéo de référence dure de {min} à {max} secondes, et sinon l’essai échoue.',
  'round.editorDemo': 'démo : le simulateur intégré le crée, rien n’est facturé',
  'round.balance': 'solde {balance}',
  'round.overCap':
    'avec {spent} déjà dépensés ou en cours, au-delà de votre plafond de dépenses de {cap}',
  'round.overMonthlyCap':
    'avec {spent} déjà dépensés ou en cours en {month}, au-delà de votre plafond de dépenses mensuel de {cap}',
  'round.addToBatch': 'Ajouter un autre essai à ce lot',
  'round.inBatch': '{count} de plus dans ce lot',
  'core.rounds.referenceUnreadable':
    '{name} ne peut pas être lu comme une image. Choisissez un fichier JPEG, PNG ou WebP.',
  'core.rounds.referenceFormat':
    '{name} est un fichier {format}, que le service ne prend pas comme référence. Enregistrez-le en JPEG ou en PNG et choisissez-le à nouveau.',
  'round.chooseFile': 'Choisir un fichier…',
  'round.fromComputer': '{name} · sur cet ordinateur, envoyé dans la requête',
  'round.fromComputerUnnamed': 'Une image de cet ordinateur, envoyée dans la requête',
  'round.clearFile': 'Retirer l’image',
  'request.inlineTooLarge':
    'Les images de cet ordinateur portent la requête à environ {megabytes} Mo, et le service en prend au plus {max}. Choisissez des images plus légères (enregistrées en JPEG, par exemple), ou moins d’images.',
  'round.batchLine':
    'Essai {number} : {prompt} · {kind} · {length} · {upTo, select, true {jusqu’à {cost}} other {environ {cost}}}',
  'round.batchChip':
    'Essai {number} : {prompt} · {upTo, select, true {jusqu’à {cost}} other {{cost}}}',
  'round.pastedPicture': 'Image collée',
  'round.dropNeedsAddress':
    '{name} : le service ne prend les clips et les sons que par adresse. Envoyez le fichier sur votre compte et collez son adresse asset:// (un son peut aussi être une adresse web).',
  'round.dropNotMedia':
    '{name} n’est ni une image, ni un clip, ni un son : déposez des images (JPEG, PNG, WebP, TIFF ou GIF), ou collez l’adresse d’un clip ou d’un son.',
  'round.batchEdit': 'Remettre dans le formulaire',
  'round.batchRemove': 'Retirer du lot',
  'round.batchDetails':
    '{resolution} · {ratio} · {sound, select, true {avec le son} other {sans son}} · {references, plural, =0 {aucune référence} one {# référence} other {# références}}',
  'round.toSend': 'Essais à envoyer',
  'round.formNotSent':
    'L’essai du formulaire n’est pas complet, il n’est donc pas envoyé : il reste dans le formulaire.',
  'round.review': 'Vérifier et envoyer',
  'round.confirmAbout':
    'Envoyer {count, plural, one {# essai} other {# essais}} pour environ {cost} ?',
  'round.confirmUpTo':
    'Envoyer {count, plural, one {# essai} other {# essais}} pour {cost} au plus ?',

  // What the window's requests are refused with.
  'ipc.untrusted': 'Cette demande ne vient pas de la fenêtre de Clearframe.',
  'ipc.unknownChannel': 'Il n’y a pas de canal nommé {channel}.',
  'ipc.malformed': 'La demande à {channel} était mal formée : {problem}',
  'ipc.notAvailable': '{channel} n’est pas disponible dans cette fenêtre.',
  'ipc.failed':
    'Clearframe n’a pas pu le faire ({detail}). Réessayez ; si l’échec se répète, copiez le diagnostic et signalez-le.',
  'ipc.problem.dropSomething': 'Déposez au moins un fichier ou un dossier.',
  'ipc.problem.chooseImportFile': 'Choisissez un fichier CSV ou JSON.',
  'ipc.problem.pastedTooLarge':
    'L’image collée est trop grande ; enregistrez-la dans un fichier et ajoutez ce fichier.',
  'ipc.problem.pastedNotImage': 'Les données collées ne sont pas une image.',
  'ipc.problem.chooseImage': 'Choisissez au moins une image.',
  'ipc.problem.growAtLeast': 'Agrandissez ou réduisez d’au moins 1 pixel.',
  'ipc.problem.sayNext': 'Dites ce qui se passe ensuite.',
  'ipc.problem.frameTooLarge': 'L’image prise du clip est trop grande pour être envoyée.',
  'ipc.problem.frameNotBase64': 'L’image prise du clip n’est pas en base64.',
  'ipc.problem.findAgain': 'Retrouvez le filigrane.',

  // A value a form or a file gives that its rule does not take.
  'check.month': 'Donnez le mois sous la forme AAAA-MM, par exemple 2026-03.',
  'check.choose': 'Choisissez {choices}.',
  'check.number': 'Saisissez un nombre.',
  'check.wholeNumber': 'Saisissez un nombre entier.',
  'check.atLeast': 'Au moins {bound}.',
  'check.moreThan': 'Doit être supérieur à {bound}.',
  'check.atMost': 'Au plus {bound}.',
  'check.lessThan': 'Doit être inférieur à {bound}.',
  'check.empty': 'Remplissez ce champ ; il ne peut pas être vide.',
  'check.tooLong': 'Au plus {count, plural, one {# caractère} other {# caractères}}.',
  'check.atLeastItems': 'Donnez au moins {count, plural, one {# élément} other {# éléments}}.',
  'check.atMostItems': 'Au plus {count, plural, one {# élément} other {# éléments}} à la fois.',
  'check.address': 'Saisissez une adresse complète qui commence par https://.',
  'check.unknownFields':
    'Clearframe ne connaît pas {fields} ; {count, plural, one {retirez-le} other {retirez-les}}.',
  'check.invalid': 'Cette valeur ne peut pas être utilisée ; saisissez-en une autre.',
  'settings.problem.address':
    'Saisissez une adresse complète qui commence par https:// (ou http:// pour un service local).',
  'settings.problem.addressScheme': 'L’adresse doit commencer par https:// ou http://.',
  'settings.problem.capAmount': 'Saisissez un montant en USD.',
  'settings.problem.capNegative': 'Le plafond ne peut pas être négatif.',
  'settings.problem.templateEmpty':
    'Le modèle de nom de fichier est vide ; saisissez-en un comme {example}, qui garde le nom de l’image.',
  'settings.problem.templateCharacters':
    'Le modèle de nom de fichier ne peut pas contenir {characters}.',
  'settings.problem.templateUnknown':
    '{unknown} inconnu dans le modèle de nom de fichier ; utilisez {tokens}.',
  'settings.problem.templateNoName':
    'Le modèle de nom de fichier doit contenir {name} ou {n}, sinon tous les résultats auraient le même nom.',

  // What is wrong with a key as typed or pasted.
  'keys.problem.spaces':
    'La clé a des espaces au début ou à la fin ; collez-la de nouveau sans eux.',
  'keys.problem.tooShort':
    'La clé est trop courte ; copiez la clé entière depuis la page de votre compte.',
  'keys.problem.tooLong':
    'La clé est trop longue ; copiez seulement la clé depuis la page de votre compte.',
  'keys.problem.characters':
    'La clé contient des caractères qu’une clé ne peut pas avoir ; copiez-la de nouveau depuis la page de votre compte.',

  // What the budget cap and the balance say before a round is paid for.
  'budget.overCap':
    'Cet essai ({estimate}) porterait les dépenses vidéo à {total}, au-delà de votre plafond de dépenses de {cap} : {spent} dépensés et {inFlight} dans des essais déjà envoyés. Relevez le plafond dans les Réglages, puis relancez cet essai.',
  'budget.overMonthlyCap':
    'Cet essai ({estimate}) porterait les dépenses vidéo de {month} à {total}, au-delà de votre plafond mensuel de {cap} : {spent} dépensés ce mois-ci et {inFlight} dans des essais déjà envoyés. Relevez le plafond dans les Réglages, ou relancez cet essai en {nextMonth}.',
  'budget.balanceLow':
    'Le solde vidéo est de {balance} ; cet essai demande environ {estimate}. Rechargez le solde sur le site du fournisseur, puis relancez cet essai.',
  'budget.balanceLowHeld':
    'Le solde vidéo est de {balance}, dont {held} retenus par des essais déjà envoyés ; cet essai demande environ {estimate}. Rechargez le solde sur le site du fournisseur, puis relancez cet essai.',

  // The rules of a round, said where the round form and the command line check it.
  'request.writePrompt':
    'Écrivez un prompt : chaque essai en a besoin, même quand il a des références.',
  'request.tooManyReferences':
    'Retirez {count, plural, one {# référence} other {# références}} : un essai en prend au plus {max} en plus de son prompt.',
  'request.giveAddress': 'Donnez l’adresse de la référence {number}, ou retirez-la.',
  'request.videoAsAsset':
    'Donnez la référence {number} sous forme d’adresse asset:// : le service ne prend une vidéo qu’une fois envoyée sur votre compte, sur le site du fournisseur.',
  'request.publicAddress':
    'Donnez la référence {number} sous forme d’adresse qui commence par https:// (une adresse web publique) ou asset:// (envoyée sur votre compte).',
  'request.sayRole': 'Indiquez à quoi sert la référence {number} : {roles}.',
  'request.wrongRole':
    'La référence {number} est {kind, select, image {une image} video {une vidéo} other {un son}}, elle ne peut donc pas être « {role} » : choisissez {roles}.',
  'request.promptNamesMissing':
    'Le prompt cite {token}, mais l’essai a {kind, select, image {{count, plural, =0 {aucune image de référence} one {# image de référence} other {# images de référence}}} video {{count, plural, =0 {aucune vidéo de référence} one {# vidéo de référence} other {# vidéos de référence}}} other {{count, plural, =0 {aucun audio de référence} one {# audio de référence} other {# audios de référence}}}} : ajoutez-en {kind, select, image {une} video {une} other {un}}, ou changez {token} dans le prompt.',
  'request.autoOnly': 'Choisissez Auto comme type d’essai, ou un autre type.',
  'request.resolution':
    'Choisissez une résolution de {choices} ; le service ne fait pas de {resolution}.',
  'request.autoRatio':
    'Choisissez le format {ratio} : dans un essai Auto, le modèle donne sa forme au clip.',
  'request.autoDuration':
    'Laissez la durée au modèle : un essai Auto choisit lui-même sa longueur.',
  'request.autoTakesReferences':
    'Un essai Auto ne prend que des références, la référence {number} ne peut donc pas être « {role} » : choisissez un autre type d’essai pour les images de début et de fin.',
  'request.adaptiveOnlyAuto':
    'Choisissez un format de {choices} : {ratio} est réservé aux essais Auto.',
  'request.ratio': 'Choisissez un format de {choices} ; le service ne fait pas de {ratio}.',
  'request.duration':
    'Réglez la durée entre {min} et {max} secondes : {model} ne fait pas {open, select, true {de clip de longueur libre} other {de clip de {seconds} secondes}}.',
  'request.oneFrameEach': 'Donnez une première image et au plus une dernière image.',
  'request.firstFrameNeeded':
    'Ajoutez une première image : un essai qui finit sur une dernière image part d’une première.',
  'request.framesOrReferences':
    'Utilisez des images de début et de fin ou des références, pas les deux : retirez les unes ou les autres, ou choisissez Auto comme type d’essai pour travailler à partir de références.',
  'request.referenceLength':
    'La référence {number} dure {seconds} s, et un essai Auto prend des vidéos de référence de {min} à {max} secondes : raccourcissez-la, ou choisissez une autre vidéo.',
  'referenceImage.tooManyBytes':
    'Une image de référence pèse au plus {megabytes} Mo. Enregistrez-la plus légère et ajoutez-la de nouveau.',
  'referenceImage.sides':
    'Une image de référence doit avoir de {min} à {max} pixels de chaque côté ; celle-ci fait {width}×{height}. Redimensionnez-la et ajoutez-la de nouveau.',
  'referenceImage.shape':
    'Une image de référence doit avoir une forme entre {min}:1 et {max}:1 ; celle-ci est en {aspect}:1. Recadrez-la et ajoutez-la de nouveau.',
  'image.tooLargeToOpen':
    'L’image est trop grande : {width}×{height} pixels ({megapixels} mégapixels), plus que les {limit} mégapixels que Clearframe peut ouvrir. Réduisez-la dans un éditeur d’images, puis ajoutez-la de nouveau.',

  'round.role.firstFrame': 'première image',
  'round.role.lastFrame': 'dernière image',
  'round.role.referenceImage': 'image de référence',
  'round.role.referenceVideo': 'vidéo de référence',
  'round.role.referenceAudio': 'audio de référence',
  'round.slot': '{role}, référence {number} ({accepts})',
  'round.acceptsAssetOrWeb': 'asset:// ou https://',
  'round.slotPlaceholder': 'asset://… ou https://…',
  'round.assetPlaceholder': 'asset://…',
  'round.size': '{width}×{height}',
  'round.slotPreview': 'Aperçu : {role}',
  'round.thumb.asset': 'ressource',
  'round.thumb.image': 'image',
  'round.thumb.video': 'vidéo',
  'round.thumb.audio': 'son',
  'round.demoMedia': 'Médias de démo :',
  'round.demoMediaFor': 'Médias de démo pour la référence {number}',
  'round.demoAsset.demo-image-landscape': 'Photo en paysage',
  'round.demoAsset.demo-image-portrait': 'Photo en portrait',
  'round.demoAsset.demo-video-8s': 'Clip de 8 secondes',
  'round.demoAsset.demo-video-2s': 'Clip de 2 secondes',
  'round.demoAsset.demo-audio-6s': 'Son de 6 secondes',

  'import.title': 'Importer des essais',
  'import.heading': 'Importer des essais dans {project}',
  'import.about':
    'Un fichier CSV (une ligne d’en-tête, puis un essai par ligne) ou une liste JSON, avec les colonnes prompt, kind, references, duration, ratio et shot. Les références s’écrivent image=…, video=… ou audio=…, séparées par |. Chaque ligne est vérifiée avant que rien ne soit mis en file.',
  'import.file': 'Fichier CSV ou JSON d’essais',
  'import.checking': 'Vérification de chaque ligne…',
  'import.noPath':
    'Clearframe ne sait pas où {name} est enregistré. Enregistrez-le comme fichier sur cet ordinateur, puis choisissez-le à nouveau.',
  'import.problems':
    'Rien ne peut être mis en file depuis {name} tant que chaque ligne n’est pas valide. Corrigez ces lignes et choisissez à nouveau le fichier :',
  'import.problem': '<strong>{label} :</strong> {message}',
  'import.row': 'Ligne',
  'import.shot': 'Plan',
  'import.kind': 'Type',
  'import.prompt': 'Prompt',
  'import.cost': 'Coût',
  'import.costAbout': 'environ {cost}',
  'import.costUpTo': 'jusqu’à {cost}',
  'import.total': '{count, plural, one {# essai} other {# essais}}, {total} en tout.',
  'import.close': 'Fermer',
  'import.queueWhat': 'Mettre en file {count, plural, one {# essai} other {# essais}} de {name}',
  'import.queue': 'Mettre en file {count, plural, one {# essai} other {# essais}} pour {total}',
  'import.queued':
    '{count, plural, one {# essai de {name} est en file dans {project}.} other {# essais de {name} sont en file dans {project}.}}',
  'round.frameUnreadable':
    'Le clip n’a pas pu être lu ici pour en prendre la dernière image : lisez-le une fois dans le lecteur, puis prolongez-le à nouveau.',
  // ── end of Video workspace.

  // ── Images workspace: keys of the finder, previews and output go below this line.
  'images.urlForm': 'Ajouter une image par son adresse',
  'images.urlLabel': 'Adresse de l’image',
  'images.urlPlaceholder': 'https://…',
  'images.urlAdd': 'Ajouter',
  'images.reasonLine': '{name} : {reason}',
  'images.skippedTitle': 'Non retenues ({count}), chacune avec sa raison :',
  'images.skippedList': 'Ignorées',
  'images.ready': 'Prêtes :',
  'images.readySummary': '{count, plural, one {# image} other {# images}}, {masked} avec un masque',
  'images.selectAll': 'Tout sélectionner',
  'images.selectNone': 'Ne rien sélectionner',
  'images.removeSelected': 'Retirer la sélection',
  'images.find': 'Trouver le filigrane',
  'images.startFree':
    'Démarrer – gratuit, sur cet ordinateur{left, plural, =0 {} one { ; # laissée de côté : déjà nettoyée} other { ; # laissées de côté : déjà nettoyées}}',
  'images.start':
    'Démarrer – utilise {credits} pour {count, plural, one {# image} other {# images}}{free, plural, =0 {} one { ; # gratuite sur cet ordinateur} other { ; # gratuites sur cet ordinateur}}{left, plural, =0 {} one { ; # laissée de côté : déjà nettoyée} other { ; # laissées de côté : déjà nettoyées}}',
  'images.startUpTo':
    'Démarrer – utilise jusqu’à {credits} pour {count, plural, one {# image} other {# images}}{free, plural, =0 {} one { ; # gratuite sur cet ordinateur} other { ; # gratuites sur cet ordinateur}}{left, plural, =0 {} one { ; # laissée de côté : déjà nettoyée} other { ; # laissées de côté : déjà nettoyées}}',
  'images.startNothing':
    'Rien à envoyer : {left, plural, one {# image a déjà été nettoyée} other {# images ont déjà été nettoyées}} avec le même masque. Cochez « nettoyer à nouveau » pour en renvoyer une.',
  'images.heldBackUnsure':
    '{count, plural, one {# image est mise de côté : Trouver le filigrane n’était pas sûr de sa marque, donc rien n’est envoyé pour elle. Peignez un masque avec Modifier le masque, ou cochez-la dans Trouver le filigrane.} other {# images sont mises de côté : Trouver le filigrane n’était pas sûr de leur marque, donc rien n’est envoyé pour elles. Peignez un masque avec Modifier le masque, ou cochez-les dans Trouver le filigrane.}}',
  'images.startOnlyUnsure':
    'Rien à envoyer pour l’instant : la recherche du filigrane n’était pas sûre de la marque sur ces images. Peignez-y d’abord un masque.',
  'images.cleanedBefore':
    '{count, plural, one {# d’entre elles a déjà été nettoyée} other {# d’entre elles ont déjà été nettoyées}}. Une image renvoyée avec le même masque est laissée de côté et ne coûte rien, sauf si vous cochez « nettoyer à nouveau ».',
  'images.appliedSameSize':
    '{count, plural, one {Masque appliqué à # image de {size}.} other {Masque appliqué à # images de {size}.}}',
  'images.appliedAll':
    '{count, plural, one {Masque appliqué à # image.} other {Masque appliqué à # images.}}',
  'images.appliedSelected':
    '{count, plural, one {Masque appliqué à # image sélectionnée.} other {Masque appliqué à # images sélectionnées.}}',
  'images.appliedScaled':
    '{count, plural, one {# d’entre elles a une autre taille que {size} : le masque a été mis à l’échelle, chaque marque gardée aussi près de son coin que sur {name}. Vérifiez-la avec Modifier le masque.} other {# d’entre elles ont une autre taille que {size} : le masque a été mis à l’échelle, chaque marque gardée aussi près de son coin que sur {name}. Vérifiez-les avec Modifier le masque.}}',
  'images.twoSentences': '{first} {second}',
  'images.maskSaved': 'Masque enregistré pour {name}.',
  'images.maskRemoved': 'Masque retiré de {name}.',
  'images.foundNote':
    '{count, plural, one {Le masque trouvé est sur # image} other {Le masque trouvé est sur # images}}{free, plural, =0 {} other {, dont # à nettoyer gratuitement sur cet ordinateur}}. Vérifiez-en une avec Aperçu, ou modifiez-le avec Modifier le masque.',
  'images.applySameSize': 'Appliquer à toutes les images de {size}',
  'images.applyAll': 'Appliquer aux {count} images',
  'images.applySelected': 'Appliquer à la sélection',
  'images.previewFree': 'Aperçu de {name} (gratuit)',
  'images.noMaskAll':
    'Aucune n’a encore de masque : le service cherche alors le filigrane lui-même et retire ce qu’il trouve (le mode démo repeint une marque trouvée dans un coin). Peignez plutôt un masque là où il doit chercher.',
  'images.noMaskSome':
    '{count, plural, one {# d’entre elles n’a pas de masque} other {# d’entre elles n’ont pas de masque}} : le service cherche alors le filigrane lui-même et retire ce qu’il trouve (le mode démo repeint une marque trouvée dans un coin). Peignez plutôt un masque là où il doit chercher.',
  // The staged images the measured mark cleans here (a profile or the finder's choice).
  'images.localAll':
    '{count, plural, one {Elle est nettoyée} other {Les # sont nettoyées}} sur cet ordinateur, gratuitement, avec le filigrane mesuré : rien n’est envoyé au service pour {count, plural, one {elle} other {elles}}.',
  'images.localSome':
    '{count, plural, one {# d’entre elles est nettoyée} other {# d’entre elles sont nettoyées}} sur cet ordinateur, gratuitement, avec le filigrane mesuré : rien n’est envoyé au service pour {count, plural, one {elle} other {elles}}.',
  'images.list': 'Images prêtes',
  'images.select': 'Sélectionner {name}',
  'images.fromWeb': '{name} (du Web)',
  'images.localFree': 'nettoyée sur cet ordinateur, gratuit',
  'images.cleanAgain': 'Déjà nettoyée · nettoyer à nouveau',
  'images.scaledHint':
    'Le masque a été dessiné sur une image de {size} et mis à l’échelle de celle-ci.',
  'images.badge.scaled': 'masque, mis à l’échelle',
  'images.badge.mask': 'masque',
  'images.badge.none': 'pas de masque',
  'images.editMask': 'Modifier le masque',
  'images.paintMask': 'Peindre un masque',
  'images.editMaskOf': 'Modifier le masque : {name}',
  'images.paintMaskOf': 'Peindre un masque : {name}',
  'images.preview': 'Aperçu',
  'images.previewHint': 'Un repeint gratuit fait sur cet ordinateur, pour vérifier le masque',
  'images.maskEditor': 'Éditeur de masque',
  'images.compareTitle': 'Avant et après : {name}',
  'images.cleaned': 'nettoyée',
  'images.savedTo': 'Enregistré dans {path}',
  'finder.looking': 'Recherche du filigrane',
  'finder.lookingFor':
    'Recherche d’une marque commune aux {count} images, sur cet ordinateur, sans frais…',
  'finder.cancel': 'Annuler',
  'finder.close': 'Fermer',
  'finder.found': 'Le filigrane trouvé',
  'finder.intro':
    'Le rouge montre ce que couvre le masque de chaque image. Décochez une image pour la laisser de côté ; une fois les masques utilisés, Modifier le masque permet d’ajuster chacun d’eux.',
  'finder.groupSize': '{count, plural, one {# image de {size}} other {# images de {size}}}',
  'finder.groupCorner':
    '{count, plural, one {# image} other {# images}} de plusieurs tailles, la marque dans le coin {corner, select, top_left {en haut à gauche} top_right {en haut à droite} bottom_left {en bas à gauche} other {en bas à droite}}',
  'finder.groupHeading': '{group} : {finding}',
  'finder.noShared': 'aucune marque commune trouvée ; peignez un masque à la main',
  'finder.markOn': 'la marque est sur {count} d’entre elles',
  'finder.serviceOnly':
    'Seul le service peut nettoyer celles-ci : le nettoyage sur cet ordinateur mesure la marque sur au moins 3 images d’une même taille qui la portent.',
  'finder.markFound': 'marque trouvée ({percent})',
  'finder.noMark': 'aucune marque vue ({percent})',
  'finder.more': 'Et {count} autres de ce groupe, cochées de la même façon selon leur score.',
  'finder.byHand': 'À marquer à la main',
  'finder.byHandTitle': 'À marquer à la main ({count})',
  'finder.use':
    '{count, plural, one {Utiliser les masques pour # image} other {Utiliser les masques pour # images}}{free, plural, =0 {} one { (# nettoyée sur cet ordinateur)} other { (# nettoyées sur cet ordinateur)}}',
  'finder.who': 'Qui les nettoie',
  'finder.byService': 'Le service — {credits} par image',
  'finder.byComputer': 'Sur cet ordinateur — gratuit',
  // The self-check: the quality cleaning on this computer is expected to give.
  'quality.expected':
    'Qualité attendue sur cet ordinateur : {db} dB, {band, select, clean {le filigrane ne devrait pas être visible.} faint {une légère trace du filigrane peut rester sur les zones unies.} other {le résultat gardera probablement une trace du filigrane.}}',
  'quality.notChosen':
    '« Sur cet ordinateur » n’est donc pas choisi d’office : comparez les deux aperçus avant de le choisir.',
  'quality.short': '{db} dB attendus',
  'cli.engine.expectedLow':
    'Avec --engine local, elles sont tout de même nettoyées, et chaque résultat est signalé « Filigrane encore visible », sauf si la vérification après le nettoyage ne trouve aucune trace du filigrane.',
  'finder.maskShare': 'Le masque couvre {share} de chaque image.',
  'finder.tickGroup':
    '{count, plural, one {La # image de ce groupe} other {Les # images de ce groupe}}',
  'finder.unsure': 'pas sûr ({percent})',
  'finder.unreadable': 'Illisibles',
  'finder.unreadableTitle': 'Illisibles ({count})',
  'preview.title': 'Aperçu gratuit : {name}',
  'preview.afterWord': 'aperçu gratuit',
  'preview.note':
    'Fait sur cet ordinateur avec un simple repeint, sans frais, pour montrer ce que couvre le masque. Le résultat du service lui-même est généralement plus propre.',
  'preview.making': 'Création de l’aperçu',
  'preview.repainting': 'Repeint de la zone masquée sur cet ordinateur…',
  'preview.failed': 'L’aperçu n’a pas pu être créé : {reason}',
  'preview.close': 'Fermer',
  'preview.eachEngine': '{name} nettoyée des deux façons',
  'preview.enlarged': '{name}, agrandie autour de la marque, nettoyée des deux façons :',
  'preview.cleanedLocal': 'nettoyée sur cet ordinateur',
  'preview.cleanedService': 'nettoyée par le service',
  'preview.undoing': 'Retrait de la marque sur cet ordinateur',
  'preview.serviceCleaning': 'Le service nettoie l’image',
  'preview.askService': 'Aperçu par le service – {credits}',
  'preview.question': 'Envoyer {name} au service pour un aperçu, pour {credits} ?',
  'preview.confirm': 'Confirmer l’aperçu de {name} par le service',
  'preview.byService':
    'Le service — {credits} par image{demo, select, true { (gratuit en mode démo)} other {}}',
  'output.summary': 'Sortie : {folder} · noms comme {example}',
  'output.besideEach': 'un dossier « clearframe » à côté de chaque image',
  'output.creditsLeft': '{count, plural, one {# crédit restant} other {# crédits restants}}',
  // Demo figures said as simulated, and what an empty filter of the results says.
  'output.demoCreditsLeft':
    '{count, plural, one {# crédit de démo restant (simulé)} other {# crédits de démo restants (simulés)}}',
  'account.demoCreditsLeft':
    '{remaining} sur {limit, plural, one {# crédit de démo restant} other {# crédits de démo restants}} (simulés)',
  'account.demoBalance': '{balance} (solde de démo simulé)',
  'jobs.empty.all': 'Aucune image dans cette liste',
  'jobs.empty.running': 'Aucune image en cours',
  'jobs.empty.failed': 'Aucune image en échec',
  'jobs.empty.doubt': 'Aucun résultat à vérifier',
  'jobs.empty.done': 'Aucune image terminée pour l’instant',
  'output.folder': 'Dossier',
  'output.folderPlaceholder': 'À côté de chaque image',
  'output.choose': 'Choisir…',
  'output.fileName': 'Nom de fichier',
  'output.conflict': 'Si le nom est déjà pris',
  'output.layout': 'Sous-dossiers d’un dossier déposé',
  'output.metadata': 'Conserver les métadonnées (EXIF, profil de couleur)',
  'output.format': 'Format',
  // ── end of Images workspace.

  // ── Command line and main process: keys of their messages go below this line.
  // La ligne de commande : à quoi sert chaque commande et comment l’écrire.
  'cli.summary.help': "liste les commandes, ou comment en utiliser une (help '<'commande>)",
  'cli.summary.remove':
    'retire les filigranes d’images et de dossiers (--demo pour essayer avec le simulateur)',
  'cli.summary.video': 'projets vidéo : new, add-round, import, run, status, spending',
  'cli.summary.jobs': 'combien de tâches sont dans chaque état (--watch pour suivre)',
  'cli.summary.balance': 'crédits de filigrane et solde vidéo',
  'cli.summary.key': 'enregistre, teste ou efface une clé d’API dans le trousseau du système',
  'cli.summary.simulator': 'lance le remplaçant local du service (--port=N)',
  'cli.summary.version': 'affiche la version',
  'cli.help.usage': 'Usage : clearframe help [commande]',
  'cli.help.head': "Usage : clearframe '<'commande> [options]\n\nCommandes :",
  'cli.help.foot':
    'Options que la plupart des commandes acceptent : --json (un objet JSON par ligne), --demo (le\nsimulateur intégré au lieu du service), --data-dir dossier (un autre dossier de données).\n\nCodes de sortie : {done} terminé ; {someFailed} des tâches ont échoué ou attendent votre décision, ou une\nerreur ; {usage} la ligne de commande était incorrecte ; {noKey} pas de clé d’API ; {spending} le plafond de\ndépenses ou le solde a arrêté un essai payant ; {interrupted} interrompu.',
  'cli.version.usage': 'Usage : clearframe version',
  'cli.jobs.usage':
    'Usage : clearframe jobs [--watch] [--json] [--data-dir dossier]\n  Combien d’images et d’essais vidéo sont dans chaque état. --watch redessine le tableau\n  chaque seconde jusqu’à Ctrl+C.',
  'cli.balance.usage':
    'Usage : clearframe balance [--demo] [--json] [--data-dir dossier]\n  Les crédits de filigrane et le solde vidéo, chacun tel que son service l’indique.',
  'cli.remove.usage':
    "Usage : clearframe remove '<'fichiers|dossiers…> [--mask fichier | --mask-rect x,y,l,h | --auto-mask] [--out dossier]\n                          [--recursive] [--concurrency n] [--retry] [--force] [--dry-run] [--demo] [--json] [--data-dir dossier]\n  Retire le filigrane de chaque image nommée ou trouvée dans les dossiers. --mask prend un\n  fichier de masque (des marques de toute couleur sauf le noir ou le blanc purs, ou du blanc sur\n  noir) ; --mask-rect marque un rectangle en pixels d’image, vérifié sur chaque image avant tout\n  envoi. Relancez-la après un plantage pour reprendre : rien de ce qui a été envoyé ne l’est deux fois.\n  --retry   réessaie les fichiers en échec : redemande gratuitement au service s’il a l’image,\n            prépare de nouveau un fichier qu’il n’a jamais pris (après l’avoir remplacé, par exemple)\n  --force   une nouvelle tentative payante (1 crédit chacun) pour les fichiers déjà nettoyés ou en échec\n{masks}\n{engines}",
  'cli.masks.usage':
    '  --mask-anchor top-left|top-right|bottom-left|bottom-right|relative\n            d’où --mask-rect (et --mask-clear-outside) est mesuré : avec un coin, x,y sont\n            les distances aux côtés de ce coin, si bien qu’un rectangle convient à des photos\n            de toute taille ; avec relative, les quatre nombres sont des parts de l’image de 0 à 1\n  --auto-mask         trouve le filigrane que les images partagent et affiche ce qui a été trouvé\n                      par groupe avant tout envoi ; --mask-rect n’est alors qu’une indication\n  --dry-run           s’arrête après avoir affiché ce qui serait envoyé : rien n’est envoyé ni payé\n  --save-masks dossier écrit là le masque de chaque groupe en PNG (blanc sur noir), à sa taille\n  --mask-grow n, --mask-shrink n, --mask-invert, --mask-clear-outside x,y,l,h\n                      modifie le masque avant l’envoi : l’agrandit ou le réduit de n pixels,\n                      l’inverse, efface tout ce qui est hors du rectangle\n  --mask-whole        prend un fichier --mask qui marque chaque pixel (tout blanc, par exemple)\n                      comme marquant toute l’image, qui est alors repeinte',
  'cli.engine.usage':
    '  --engine service|local\n                      service (par défaut) : le service nettoie chaque image, 1 crédit chacune ;\n                      local : cet ordinateur défait le mélange du filigrane que --auto-mask a\n                      mesuré dans le lot, gratuitement et hors ligne ; les images dont il ne peut\n                      mesurer la marque sont écartées et nommées (envoyez-les avec --engine service)',
  'cli.video.usage':
    "Usage :\n  clearframe video new '<'nom> [--shot titre]\n  clearframe video add-round '<'id de projet ou de plan> --prompt texte [--duration s (par défaut {seconds})] [--resolution 480p|720p]\n        [--ratio 16:9] [--model id] [--image url[=rôle]]… [--video url] [--audio url] [--auto]\n        [--last-frame] [--generate-audio] [--watermark]\n  clearframe video add-round --extend '<'id d’essai> --prompt texte\n  clearframe video import '<'fichier.csv|fichier.json> (--project id | --new nom) [--yes]\n  clearframe video run [--concurrency n] [--out dossier] [--demo]\n  clearframe video status [id de projet]\n  clearframe video spending [--project id] [--month AAAA-MM] [--csv fichier]\n        chaque essai que le service a pu facturer (son montant, ou son estimation tant que le\n        service ne l’a pas dit), du plus récent au plus ancien, par mois (fuseau horaire de cet\n        ordinateur) et par projet ; --csv l’écrit aussi dans un fichier CSV, jamais par-dessus un fichier existant\nToutes acceptent --json et --data-dir dossier.\n\nvideo import met en file un lot d’essais depuis un fichier CSV (une ligne d’en-tête nomme les\ncolonnes) ou une liste JSON d’objets, avec ces colonnes ou champs :\n  prompt      ce que montre l’essai (obligatoire)\n  kind        {kinds} (par défaut text)\n  references  image=URL, video=URL ou audio=URL, séparées par | (une liste en JSON) ; la N-ième\n              d’un type s’écrit @imageN, @videoN, @audioN dans le prompt. « video=asset://id from\n              clip.mp4 » nomme le fichier d’où elle a été envoyée, pour que sa durée soit vérifiée ici.\n  duration    secondes (par défaut {seconds} ; laissez vide pour auto)\n  ratio       {ratios} (adaptive pour auto)\n  shot        les essais qui nomment le même plan le partagent ; un essai sans plan a le sien\nChaque ligne est d’abord vérifiée : une seule ligne fautive et rien n’est mis en file, chaque\nproblème nommant sa ligne. Les essais et leur coût total sont affichés, puis une confirmation est\ndemandée ; --yes les met en file sans demander (nécessaire si l’entrée standard n’est pas un terminal).",

  // La ligne de commande : erreurs dans ce qui a été tapé.
  'cli.unknownCommand':
    'clearframe : commande inconnue « {name} ». « clearframe help » en donne la liste.',
  'cli.usageError': 'clearframe {command} : {problem} Voir clearframe {command} --help.',
  'cli.commandProblem': 'clearframe {command} : {problem}',
  'cli.failed': 'clearframe : {problem}',
  'cli.unexpected': 'clearframe {command} : une erreur inattendue a arrêté la commande : {problem}',
  'cli.args.unknownOption': 'option inconnue {option}.',
  'cli.args.unexpected': 'argument inattendu {argument}.',
  'cli.args.takesNoValue': '{option} ne prend pas de valeur.',
  'cli.args.needsValue': '{option} demande une valeur.',
  'cli.args.thatOption': 'cette option',
  'cli.args.unreadable': 'les options ne peuvent pas être lues.',
  'cli.concurrency': '--concurrency doit être un nombre entier de 1 à {most}.',
  'cli.fileProblem': '{file} : {problem}',
  'cli.note': 'Remarque : {note}',
  'cli.ask.choices': '[o/N]',
  'cli.ask.yes': 'o|oui|y|yes',

  // La ligne de commande : états et services tels que ses listes les nomment.
  'cli.state.queued': 'en attente',
  'cli.state.preparing': 'préparation',
  'cli.state.submitting': 'envoi',
  'cli.state.submitted': 'envoyé',
  'cli.state.processing': 'en cours',
  'cli.state.downloading': 'téléchargement',
  'cli.state.done': 'terminé',
  'cli.state.failed': 'échec',
  'cli.state.canceled': 'annulé',
  'cli.state.needs-attention': 'à décider',
  'cli.service.watermark': 'filigrane',
  'cli.service.video': 'vidéo',

  // La ligne de commande : progression, suivi de l’app, comptes et soldes.
  'cli.progress.bar':
    '{label} [{bar}] {settled}/{total}{failed, plural, =0 {} other {, # en échec}}',
  'cli.progress.skipped': 'écarté',
  'cli.progress.waiting':
    'en attente : {reason} Ctrl+C s’arrête ici et garde chaque tâche pour la prochaine fois.',
  'cli.progress.resumed': 'reprise : il y a de nouveau de la place sur le disque.',
  'cli.follow.otherOut':
    '{holder} occupe ce dossier de données et écrit les résultats dans {theirs}, pas dans {out}. Lancez la commande sans --out, ou quittez l’app et relancez-la.',
  'cli.follow.defaultFolders': 'ses dossiers par défaut',
  'cli.follow.handedOver':
    '{holder} occupe ce dossier de données : c’est lui qui exécute ces tâches, et leur progression s’affiche ici. Ctrl+C arrête le suivi ; l’app continue.',
  'cli.jobs.count': '{count} {state}',
  'cli.jobs.none': 'aucune',
  'cli.jobs.images': 'images : {list}',
  'cli.jobs.rounds': 'essais vidéo : {list}',
  'cli.jobs.clips': 'clips : {list}',
  'cli.remove.clipInWindow':
    'les clips se nettoient dans la fenêtre (écran Images, zone Vidéos), où WebCodecs les décode ; la ligne de commande ne le peut pas.',
  'cli.balance.line': '{service} : {quota} (selon {host})',
  'cli.balance.failed': '{service} : {problem}',
  'cli.balance.unknown': 'inconnu',

  // La ligne de commande : retirer les filigranes.
  'cli.remove.noInputs': 'nommez au moins une image ou un dossier.',
  'cli.remove.noMaskFile': 'le fichier de masque {file} n’existe pas.',
  'cli.remove.masksWritten': 'Masques écrits : {files}.',
  'cli.remove.noMasksWritten': 'Masques écrits : aucun (pas de filigrane trouvé).',
  // Masques payants : la part de l’image qu’ils couvrent, demandée au-delà d’un seuil.
  'masks.share':
    '{count, plural, one {Le masque couvre {largest} de son image.} other {{same, select, yes {Les masques couvrent chacun {largest} de leur image.} other {Les masques couvrent de {smallest} à {largest} de leurs images.}}}}',
  'masks.largeShare':
    '{count, plural, one {# image a un masque de plus de {limit} de sa surface (le plus grand en couvre {largest}) : le service repeint tout le masque, 1 crédit par image.} other {# images ont un masque de plus de {limit} de leur surface (le plus grand en couvre {largest}) : le service repeint tout le masque, 1 crédit par image.}}',
  'cli.masks.large.usage':
    '  --allow-large-mask  envoyer sans demander les masques qui couvrent plus de {limit} d’une image\n                      (demandé dans un terminal ; hors terminal rien n’est envoyé, code de sortie 2)',
  'cli.remove.askLargeMasks': 'Les envoyer quand même avec ces masques ?',
  'cli.remove.sayLargeMasks':
    'Rien n’a été envoyé. Regardez les masques (--dry-run les liste, --save-masks les écrit), ou ajoutez --allow-large-mask pour les envoyer tels quels.',
  'cli.remove.largeMasksRefused':
    'Rien n’a été envoyé. Donnez un masque plus petit (--mask-rect ou --mask), ou marquez les images à la main dans la fenêtre.',
  'images.largeMasks.label': 'Grands masques',
  'images.largeMasks.ask':
    '{count, plural, one {L’envoyer quand même, ou la marquer d’abord à la main ?} other {Les envoyer quand même, ou les marquer d’abord à la main ?}}',
  'images.largeMasks.send': 'Envoyer quand même',
  'images.largeMasks.byHand': 'Marquer à la main',

  'cli.remove.dryRun':
    'Essai à blanc : {count, plural, one {# image examinée} other {# images examinées}}, rien n’a été envoyé ni payé.',
  'cli.remove.cleaning': 'Nettoyage',
  'cli.remove.payingAgain':
    '--force : envoi de {count, plural, one {# fichier} other {# fichiers}} comme nouvelle tentative payante, {credits} en tout (y compris les fichiers jamais envoyés).',
  'cli.remove.retryInApp':
    'L’app occupe ce dossier de données, donc les fichiers déjà essayés sont réessayés là-bas : utilisez Vérifier à nouveau ou Renvoyer (payant) dans sa fenêtre, ou quittez-la et relancez cette commande.',
  'cli.remove.itIs': 'État : {state}.',
  'cli.remove.summary':
    '{done} terminé(s), {failed} en échec{attention, plural, =0 {} other {, # attendent votre décision (le service les a peut-être déjà)}}{skipped, plural, =0 {} other {, # non pris (chacun est listé plus haut avec la raison)}}.',
  'cli.plan.drawnMask': 'un masque dessiné',
  'cli.plan.unreadableMask':
    'un masque que Clearframe ne peut pas relire (son enregistrement de la tâche est endommagé)',
  'cli.plan.noMask': 'aucun masque (le coin que choisit le service)',
  'cli.plan.alreadyCleaned':
    '{file} : déjà nettoyé avec {used}, donc {asked} n’a pas été utilisé. Ajoutez --force pour payer une nouvelle tentative avec celui-ci ({credits}).',
  'cli.plan.forceDamaged':
    'En ligne de commande, --force l’ajoute de nouveau comme nouvelle tâche ({credits}).',
  'cli.plan.retryFree':
    'Relancez avec --retry pour redemander au service (gratuit) ; --force paie une nouvelle tentative ({credits}).',
  'cli.plan.forceAgain': '--force le renvoie ({credits}, ce qui peut être un second paiement).',
  'cli.plan.retryLater':
    'Une fois la cause corrigée, relancez avec --retry ({credits} si le service le prend).',
  'cli.engine.unknown': '--engine accepte service ou local.',
  'cli.engine.needsAutoMask':
    '--engine local défait le mélange d’un filigrane mesuré sur tout le lot : ajoutez --auto-mask (il faut au moins 3 images d’une même taille qui partagent la marque).',
  'cli.engine.notLocal':
    'aucun filigrane n’a pu être mesuré pour elle dans ce lot (il faut au moins 3 images de sa taille qui partagent la marque), elle n’a donc pas été nettoyée : envoyez-la avec --engine service, ou marquez-la à la main.',
  'cli.engine.groupLocal':
    'Groupe {number} ({count, plural, one {# image} other {# images}} avec la marque) : sur cet ordinateur, gratuit ; rien n’est envoyé.',
  'cli.engine.groupLeftOut':
    'Groupe {number} ({count, plural, one {# image} other {# images}}) : non nettoyé, {reason}',
  'cli.engine.groupService':
    'Groupe {number} ({count, plural, one {# image} other {# images}}) : le service, {credits}.',

  // La ligne de commande : projets vidéo et essais.
  'cli.video.costUpTo':
    'jusqu’à {cost} (mode auto : le modèle choisit la durée ; {seconds} s à {rate} USD/s, c’est le plus que cela peut coûter)',
  'cli.video.costAbout': 'environ {cost} ({seconds} s à {rate} USD/s)',
  'cli.video.upTo': 'jusqu’à {cost}',
  'cli.video.about': 'environ {cost}',
  'cli.video.nameProject': 'donnez un nom au nouveau projet.',
  'cli.video.created': 'Projet « {name} » : {projectId}\nPlan 1 : {shotId}',
  'cli.video.needsPrompt': '--prompt est obligatoire : dites ce que l’essai doit montrer.',
  'cli.video.wholeSeconds': '--duration prend des secondes entières, par exemple 8.',
  'cli.video.noRound': 'Il n’y a pas d’essai {id}.',
  'cli.video.nameTarget': 'nommez le projet ou le plan auquel l’essai appartient.',
  'cli.video.noTarget': 'Il n’y a ni projet ni plan {id}. « clearframe video status » les liste.',
  'cli.video.queuedRound': 'Essai {position} mis en file : {roundId}\nCoût : {cost}',
  'cli.video.overCap':
    'Remarque : tout ce qui est en file revient à {planned} avec ce qui a été dépensé, au-dessus du plafond de dépenses de {cap} ; les essais au-delà du plafond s’arrêteront avant d’être payés.',
  'cli.video.overMonthlyCap':
    'Remarque : tout ce qui est en file revient à {planned} avec ce qui a été dépensé en {month}, au-dessus du plafond de dépenses mensuel de {cap} ; les essais au-delà du plafond s’arrêteront avant d’être payés.',
  'cli.video.round': 'essai {position} {state} {money}',
  'cli.video.charged': 'facturé {cost}',
  'cli.video.estimated': 'estimé {cost}',
  'cli.video.demoCost': 'coûterait {cost} (démo, non facturé)',
  'cli.video.rendering': 'Génération',
  'cli.video.ran':
    '{done} essais sur {total} terminés, {charged} facturés.{refused, plural, =0 {} other { # arrêtés par le plafond de dépenses ou le solde.}}',
  'cli.video.ranDemo':
    '{done} essais sur {total} terminés ; ils coûteraient {charged}, mais le simulateur intégré les a faits et rien n’a été facturé.{refused, plural, =0 {} other { # arrêtés par le plafond de dépenses ou le solde.}}',
  'cli.video.noProject':
    'Il n’y a pas de projet {id}. Lancez « clearframe video status » pour la liste.',
  'cli.video.project': '{name}  ({id})',
  'cli.video.shot': 'plan {position}  ({id})',
  'cli.video.shotTitled': 'plan {position} « {title} »  ({id})',
  'cli.video.spending':
    'Dépensé {spent} ; en cours {inFlight} ; en file {queued} si tout s’exécute.',
  'cli.video.nameFile': 'nommez le fichier CSV ou JSON à importer.',
  'cli.video.sayWhere': "dites où vont les essais : --project '<'id> ou --new '<'nom>.",
  'cli.video.importTotal': '{count, plural, one {# essai} other {# essais}}, {total}.',
  'cli.video.cannotAsk':
    'clearframe video import : rien n’a été mis en file. L’entrée standard n’est pas un terminal, Clearframe ne peut donc pas demander : ajoutez --yes pour mettre ces essais en file au coût affiché.',
  'cli.video.askQueue':
    'Mettre {count, plural, one {# essai} other {# essais}} en file pour {total} ?',
  'cli.video.nothingQueued': 'Rien n’a été mis en file.',
  'cli.video.queuedImport':
    '{count, plural, one {# essai mis} other {# essais mis}} en file dans le projet {projectId}. « clearframe video run » les fait.',
  'cli.video.unknownSub': 'sous-commande inconnue « {name} ».',
  'cli.video.nameSub': 'nommez une sous-commande.',
  'cli.session.demo':
    'Mode démo : le simulateur intégré est utilisé ; rien n’est envoyé au vrai service.',
  'cli.session.simulator': 'le simulateur intégré (mode démo)',
  'cli.session.unsaidService': 'un service qu’elle n’a pas indiqué',
  'cli.session.busy':
    '{holder} travaille déjà dans le dossier de données {folder}. Attendez qu’il ait fini (ou arrêtez-le avec Ctrl+C), puis relancez cette commande.',
  'cli.session.otherService':
    '{holder} occupe le dossier de données {folder} et envoie les requêtes {service} à {theirs}, alors que cette commande utiliserait {ours} : elle ne peut donc pas prendre ces tâches. Quittez l’app et relancez, ou faites en sorte que les deux utilisent le même service (avec --demo tant que l’app est en mode démo).',
  'cli.session.otherServiceDemo':
    '{holder} occupe le dossier de données {folder} et envoie les requêtes {service} à {theirs}, alors que cette commande utiliserait {ours} : elle ne peut donc pas prendre ces tâches. Quittez l’app et relancez, ou faites en sorte que les deux utilisent le même service (sans --demo).',
  'cli.session.noWatermarkKey':
    'Aucun jeton d’API de filigrane n’est défini. Lancez « clearframe key set watermark » (ou définissez {variable}), ou ajoutez --demo pour utiliser le simulateur intégré.',
  'cli.session.noVideoKey':
    'Aucune clé d’API vidéo n’est définie. Lancez « clearframe key set video » (ou définissez {variable}), ou ajoutez --demo pour utiliser le simulateur intégré.',
  'cli.key.usage':
    'Usage : clearframe key set|test|clear watermark|video\n  set lit la clé sur l’entrée standard (sans l’afficher dans un terminal), pour qu’elle\n  n’apparaisse jamais dans l’historique du shell ni dans la liste des processus.',
  'cli.key.noDemo': 'le simulateur intégré n’a pas besoin de clé ; retirez --demo.',
  'cli.key.removed':
    '{kind, select, watermark {Le jeton d’API de filigrane a été retiré} other {La clé d’API vidéo a été retirée}} du trousseau du système.',
  'cli.key.noneStored':
    '{kind, select, watermark {Aucun jeton d’API de filigrane n’était enregistré.} other {Aucune clé d’API vidéo n’était enregistrée.}}',
  'cli.key.paste':
    'Collez {kind, select, watermark {votre jeton d’API de filigrane} other {votre clé d’API vidéo}} et appuyez sur Entrée (rien ne s’affiche) :',
  'cli.key.notSet':
    '{kind, select, watermark {aucun jeton d’API de filigrane n’est défini} other {aucune clé d’API vidéo n’est définie}}. Lancez « clearframe key set {kind} ».',
  // ── The agent door (clearframe mcp) and its allowance.
  'cli.summary.mcp': 'sert les agents d’IA par MCP (stdio), dans une allocation par jour',
  'cli.mcp.usage':
    'Usage : clearframe mcp [--credits-per-day=N] [--usd-per-day=X] [--demo] [--data-dir=DIR]\n  Un serveur MCP sur l’entrée et la sortie standard pour les agents d’IA (Claude Desktop, Claude Code…) : trouver le filigrane, nettoyer des images, chiffrer et mettre en file des essais vidéo, voir les tâches et les dépenses.\n  Les outils payants restent dans l’allocation par jour fixée dans les Réglages (Allocation de l’agent par jour) ou par ces options pour ce serveur ; sans allocation, rien de payant n’est envoyé.',
  'cli.mcp.badCredits': '{option} attend un nombre entier de crédits, 0 ou plus.',
  'cli.mcp.badUsd': '{option} attend un montant en USD, 0 ou plus.',
  'mcp.refused.credits':
    'Cela coûterait jusqu’à {cost}, et il reste {left} sur {allowance} de l’allocation de l’agent aujourd’hui : rien n’a été envoyé. Pour l’autoriser, augmentez « Allocation de l’agent par jour » dans les Réglages, ou lancez le serveur avec --credits-per-day.',
  'mcp.refused.usd':
    'Cet essai coûterait jusqu’à {cost}, et il reste {left} sur {allowance} de l’allocation de l’agent aujourd’hui : rien n’a été envoyé. Pour l’autoriser, augmentez « Allocation de l’agent par jour » dans les Réglages, ou lancez le serveur avec --usd-per-day.',
  'mcp.asked.no':
    'La personne a répondu non dans la fenêtre de Clearframe : rien n’a été envoyé. Demandez-lui avant de rappeler, ou qu’elle augmente « Allocation de l’agent par jour » dans les Réglages.',
  'mcp.asked.noAnswer':
    'Personne n’a répondu dans la fenêtre de Clearframe en {seconds, plural, one {# seconde} other {# secondes}} : rien n’a été envoyé. Rappelez quand quelqu’un est là pour l’autoriser, ou qu’on augmente « Allocation de l’agent par jour » dans les Réglages.',
  'mcp.ledgerDamaged':
    'Le fichier d’allocation de l’agent {file} est illisible, donc rien de payant n’est envoyé. Vérifiez-le, ou supprimez-le : le compte du jour repart alors de zéro.',
  'mcp.round.needsProject':
    'Nommez un projet : son identifiant (project) ou le nom d’un nouveau (project_name). Rien n’a été envoyé.',
  'mcp.round.needsLength':
    'Donnez à l’essai une durée en secondes : une durée ouverte n’a pas de prix que l’allocation puisse tenir. Rien n’a été envoyé.',
  'mcp.round.lost':
    'Cet appel a déjà été commencé et a peut-être mis son essai en file : regardez les essais (clearframe video status) avant de le refaire avec une nouvelle intention. Rien n’a été envoyé cette fois.',
  'mcp.round.waits':
    'L’essai est en file derrière {count, plural, one {# autre essai} other {# autres essais}} que l’agent n’a pas mis en file : l’application ou « clearframe video run » les envoie tous, pas l’agent.',
  'settings.agentAllowance.credits': 'Allocation de l’agent par jour, crédits filigrane',
  'settings.agentAllowance.usd': 'Allocation de l’agent par jour, vidéo en USD',
  'settings.agentAllowance.hint':
    'Ce qu’un agent d’IA connecté par « clearframe mcp » peut dépenser chaque jour ; 0 ne lui laisse rien dépenser.',
  // ── end of the agent door.
  // ── The agent's question in the window.
  'agentAsk.label': 'Une question d’un agent d’IA',
  'agentAsk.who': '{agent} demande à dépasser l’allocation de l’agent pour aujourd’hui.',
  'agentAsk.whoUnnamed':
    'Un agent d’IA demande à dépasser l’allocation de l’agent pour aujourd’hui.',
  'agentAsk.position': '{index} sur {count}',
  'agentAsk.clean':
    'Envoyer {images, plural, one {# image} other {# images}} au service de filigrane pour {cost} au plus ?',
  'agentAsk.round':
    'Mettre en file et envoyer un essai vidéo de {seconds} secondes pour environ {cost} ?',
  'agentAsk.places': 'Images de : {places}',
  'agentAsk.morePlaces': '{places} et {more} de plus',
  'agentAsk.prompt': 'Prompt : {prompt}',
  'agentAsk.hint': 'Rien n’est envoyé avant votre oui ; un non refuse l’appel.',
  'agentAsk.yes': 'Oui, envoyer',
  'agentAsk.no': 'Non',
  'agentAsk.gone': 'L’agent avait cessé d’attendre : rien n’a été envoyé.',
  // ── end of the agent's question.
  'cli.summary.open': 'place des fichiers et dossiers dans la fenêtre Clearframe ouverte',
  'cli.open.usage':
    'Usage : clearframe open CHEMIN... [--data-dir=DOSSIER]\n  Place les images et dossiers dans la fenêtre Clearframe en cours, comme s’ils y avaient été déposés.',
  'cli.open.nothing': 'indiquez au moins un fichier ou dossier à ouvrir.',
  'cli.open.missing': '{path} n’existe pas ; il a été laissé de côté.',
  'cli.open.notRunning':
    'Clearframe n’est pas ouvert sur le dossier de données {folder}. Lancez Clearframe puis relancez cette commande, ou nettoyez les fichiers d’ici avec « clearframe remove ».',
  'cli.open.commandHolds':
    '{holder} utilise le dossier de données {folder}, et non l’application Clearframe. Lancez Clearframe une fois cela terminé, puis relancez cette commande.',
  'cli.open.noAnswer':
    '{holder} n’a pas répondu. Déposez les fichiers sur sa fenêtre, ou redémarrez Clearframe et relancez cette commande.',
  'cli.open.sent':
    '{count, plural, one {# élément a été transmis} other {# éléments ont été transmis}} à la fenêtre Clearframe.',
  'cli.spending.head':
    'Dépenses vidéo, {projects}, {months} (mois selon le fuseau horaire de cet ordinateur) :',
  'cli.spending.everyProject': 'tous les projets',
  'cli.spending.project': 'projet {id}',
  'cli.spending.everyMonth': 'tous les mois',
  'cli.spending.line': '{when}  {project}, plan {shot} essai {round}{prompt}  {cost}  {status}',
  'cli.spending.length': '{seconds} s × {rate} USD/s = {cost}',
  'cli.spending.removed': '{project} (retiré)',
  'cli.spending.demo': 'démo : coûterait, non facturé',
  'cli.spending.charged': 'facturé',
  'cli.spending.estimated': 'estimation : le service n’a rien indiqué',
  'cli.spending.inFlight': 'envoyé, pas terminé : estimation',
  'cli.spending.nothing': 'rien n’a été envoyé au service.',
  'cli.spending.byMonth': 'Par mois :',
  'cli.spending.byProject': 'Par projet :',
  'cli.spending.row': '{name} : {sum}',
  'cli.spending.sum': '{spent} dépensés, {inFlight} dans des essais envoyés et pas terminés',
  'cli.spending.sumWithDemo':
    '{spent} dépensés, {inFlight} dans des essais envoyés et pas terminés ; les essais de démo auraient coûté {demo}',
  'cli.spending.total': 'Total : {sum}.',
  'cli.spending.saved':
    '{count, plural, one {# montant enregistré} other {# montants enregistrés}} dans {path}',
  'cli.spending.savedWithDemo':
    '{count, plural, one {# montant enregistré} other {# montants enregistrés}} et {demo, plural, one {# essai de démo} other {# essais de démo}}, que personne n’a facturés, dans {path}',
  'cli.spending.badMonth': '--month {month} n’est pas un mois. {hint}',
  'cli.spending.noProject': '{problem} « clearframe video status » liste les projets et leurs id.',
  'cli.masks.anchorValues': '--mask-anchor prend une de ces valeurs : {anchors}.',
  'cli.masks.rectForm':
    '{option} prend x,y,largeur,hauteur en pixels d’image, par exemple 1200,900,400,120.',
  'cli.masks.pixels':
    '--mask-grow et --mask-shrink prennent un nombre entier de pixels de 1 à 1000.',
  'cli.masks.notBoth': 'donnez --mask ou {other}, pas les deux.',
  'cli.masks.anchorAlone':
    '--mask-anchor indique d’où --mask-rect ou --mask-clear-outside est mesuré : donnez aussi l’un des deux.',
  'cli.masks.saveNeedsAuto':
    '--save-masks écrit les masques que --auto-mask trouve : ajoutez --auto-mask.',
  'cli.masks.toolsAlone':
    'les outils de masque modifient un masque : donnez aussi --mask-rect, --mask ou --auto-mask.',
  'cli.masks.outside':
    '{file} mesure {size}, et {rect} en dépasse, donc rien n’a été envoyé. Donnez un rectangle qui tient dans chaque image, ou mesurez-le depuis le coin proche du filigrane avec --mask-anchor.',
  'cli.masks.outsideNeeds':
    '{file} mesure {size}, et {rect} en dépasse (il faut au moins {needed}), donc rien n’a été envoyé. Donnez un rectangle qui tient dans chaque image, ou mesurez-le depuis le coin proche du filigrane avec --mask-anchor.',
  'cli.masks.ofSize': '{count, plural, one {# image} other {# images}} en {sizes}',
  'cli.masks.ofSizes':
    '{count, plural, one {# image} other {# images}} de {sizeCount} tailles, mesurées depuis le coin {corner}',
  'cli.masks.none': 'Aucun filigrane commun trouvé dans {where} : elles sont envoyées sans masque.',
  'cli.masks.box': '{size} en {x},{y}',
  'cli.masks.found':
    'Filigrane trouvé dans {present} sur {where} : {boxes} (le masque couvre {share} de l’image).',
  'cli.masks.score': '{file} (score {score})',
  'cli.masks.notOn': 'Absent de {files} : envoyé sans masque.',
  'cli.masks.tooFew':
    '{files} : {reason} Avec --mask-rect, {count, plural, one {elle reçoit} other {elles reçoivent}} ce rectangle ; sans, aucun masque.',
  'cli.masks.empty':
    '{file} : les outils de masque laissent son masque vide, donc rien n’a été envoyé : réduisez moins, ou effacez hors d’un rectangle plus grand.',
  'cli.masks.refused':
    'Aucun filigrane commun dans {where} : ce qui ressort couvrirait {share} de chaque image, il n’est donc pas utilisé ; elles sont envoyées sans masque (donnez-en un avec --mask ou --mask-rect).',
  'cli.masks.unsure':
    '{file} : {reason} Laissée de côté : rien n’est envoyé pour elle (donnez-lui un masque avec --mask ou --mask-rect).',
  'cli.masks.sayWhole':
    '{problem} Dites ce qu’il veut dire : ajoutez --mask-whole pour repeindre chaque image en entier, ou retirez --mask et le service cherche lui-même le filigrane.',
  'cli.masks.askWhole': '{problem} Repeindre chaque image en entier avec ce masque ?',
  'cli.masks.wholeRefused':
    'Rien n’a été envoyé. Retirez --mask et le service cherche lui-même le filigrane, ou donnez un masque qui ne marque que le filigrane.',
  'cli.masks.wholeNeedsMask':
    '--mask-whole dit ce que veut dire un fichier --mask : donnez aussi --mask.',
  'main.menu.checkForUpdates': 'Rechercher des mises à jour…',
  'main.menu.file': 'Fichier',
  'main.menu.openLogs': 'Ouvrir le dossier des journaux',
  'main.menu.help': 'Aide de Clearframe',
  'main.dialog.exportTakes': 'Exporter les prises du projet',
  'main.dialog.spendingCsv': 'Enregistrer le CSV des dépenses dans',
  'main.dialog.importMask': 'Importer un masque',
  'main.dialog.chooseFolders': 'Choisir des dossiers d’images',
  'main.dialog.images': 'Images',
  'main.dialog.referenceImage': 'Choisir une image comme référence',
  'main.dialog.exportMask': 'Exporter le masque',
  'main.dialog.saveFilm': 'Enregistrer le film dans',
  'main.notice.batchFinished': 'Le lot est terminé.',
  'main.updates.latest': 'Clearframe {version} est la dernière version.',
  'main.updates.title': 'Mise à jour disponible',
  'main.updates.available': 'Clearframe {version} est disponible (vous avez la {current}).',
  'main.updates.availableShort': 'Clearframe {version} est disponible.',
  'main.updates.install': 'Installer et redémarrer',
  'main.updates.later': 'Plus tard',
  'main.updates.failed':
    'Impossible de rechercher des mises à jour. Vérifiez votre connexion et réessayez plus tard.',
  'main.updates.offDevelopment':
    'Les mises à jour sont désactivées dans les versions de développement.',
  'main.updates.offDemo':
    'Les mises à jour sont désactivées en mode démo ; ajoutez une clé pour les activer.',
  'main.updates.offSetting': 'Les mises à jour sont désactivées dans les Réglages.',
  'main.updates.noNotes': 'Pas de notes de version.',
  'cli.simulator.usage':
    'Usage : clearframe simulator [--port N]\n  Lance la doublure locale du service jusqu’à Ctrl+C (sur un port libre, sauf si --port en indique un).',
  'cli.simulator.badPort': 'clearframe simulator : --port doit être un nombre entier de 0 à 65535.',
  'cli.simulator.watermark': 'URL de base filigranes',
  'cli.simulator.video': 'URL de base vidéo',
  'cli.simulator.key': 'clé de démo',
  'cli.simulator.requestLog': 'journal des requêtes',
  'cli.simulator.stop': 'Appuyez sur Ctrl+C pour arrêter.',
  'main.startFailure.title': 'Clearframe n’a pas pu démarrer',
  'main.startFailure.bodyNoLog':
    '{what}\n\nAucun journal n’a pu être écrit, ni dans le dossier de données ni dans le dossier temporaire.\nRelancez Clearframe ; si l’échec se répète, copiez ce message dans votre signalement.',
  'main.startFailure.body':
    '{what}\n\nLes détails sont dans le journal : {logFile}\nRelancez Clearframe ; s’il échoue de la même façon, joignez ce fichier à votre signalement.',
  // ── end of Command line and main process.

  // ── Engine, jobs and clients: keys of their sentences go below this line.
  'core.api.parameter':
    'Le service a refusé la requête : {reason}. Modifiez l’entrée et réessayez.',
  'core.api.method':
    'Le service a refusé la façon dont Clearframe l’a appelé. Merci de le signaler avec les diagnostics.',
  'core.api.authentication':
    'Le service n’a pas accepté la clé d’API. Vérifiez-la ou remplacez-la dans les Réglages.',
  'core.api.videoBalance':
    'Le solde de l’API vidéo est insuffisant pour cette requête. Rechargez le solde dans votre compte, puis réessayez.',
  'core.api.watermarkCredits':
    'Il ne reste pas assez de crédits de filigrane. Achetez des crédits dans votre compte, puis réessayez.',
  'core.api.rateLimited':
    'Le service est occupé et a demandé à Clearframe de ralentir. Clearframe réessaiera de lui-même.',
  'core.api.server': 'Le service a rencontré un problème interne. Réessayez dans quelques minutes.',
  'core.api.network': 'Clearframe n’a pas pu joindre le service. Vérifiez la connexion Internet.',
  'core.api.timeout': 'Le service n’a pas répondu à temps. Réessayez plus tard.',
  'core.api.aborted': 'Arrêté.',
  'core.api.unexpected':
    'Le service a envoyé une réponse que Clearframe ne comprend pas. Réessayez plus tard.',
  'core.api.download':
    'Le résultat n’a pas pu être téléchargé : {reason}. Utilisez « Vérifier à nouveau » pour demander un nouveau lien au service (gratuit) ; rien n’est renvoyé.',
  'core.api.proxyUnusableSystem':
    'Les réglages de proxy du système font passer les connexions vers {host} par {named}, que Clearframe ne peut pas utiliser. Clearframe ne fonctionne qu’avec des proxys HTTP et HTTPS : ajoutez-en un aux réglages de proxy du système, ou donnez-en un à HTTPS_PROXY (http://hôte:port), puis réessayez.',
  'core.api.proxySocks': 'un proxy SOCKS ({address})',
  'core.api.proxyUnknownKind': 'un proxy d’un type inconnu (« {entry} »)',
  'core.api.proxyNotAddress':
    '{variable} n’est pas une adresse de proxy. Clearframe ne fonctionne qu’avec des proxys HTTP et HTTPS : ajoutez-en un aux réglages de proxy du système, ou donnez-en un à HTTPS_PROXY (http://hôte:port), puis relancez Clearframe.',
  'core.api.proxyUnusableVariable':
    '{variable} désigne {scheme, select, socks {un proxy SOCKS} other {une adresse {scheme}}} ({host}), que Clearframe ne peut pas utiliser. Clearframe ne fonctionne qu’avec des proxys HTTP et HTTPS : ajoutez-en un aux réglages de proxy du système, ou donnez-en un à HTTPS_PROXY (http://hôte:port), puis relancez Clearframe.',
  'core.api.proxyCredentials':
    'Le proxy demande un nom d’utilisateur et un mot de passe. Mettez-les dans l’adresse du proxy (http://user:password@host:port) dans HTTPS_PROXY ou dans les réglages de proxy du système, puis réessayez.',
  'core.api.proxyRefused':
    'Le proxy a refusé d’ouvrir une connexion vers le service (il a répondu HTTP {status}). Vérifiez les réglages du proxy, ou demandez à qui le gère d’autoriser l’adresse du service.',
  'core.api.deadline': 'la tâche ne s’est pas terminée en {minutes} minutes',
  'core.jobs.stoppedWaiting':
    'Clearframe a cessé d’attendre : {reason}. Le service garde la tâche ; utilisez « Vérifier à nouveau » plus tard pour la demander (gratuit). « Renvoyer » paierait à nouveau.',
  'core.jobs.unknownStatus':
    'Le service a répondu par un état que Clearframe ne connaît pas (« {status} ») jusqu’à la fin de l’attente. Le service garde la tâche ; utilisez « Vérifier à nouveau » plus tard pour la demander (gratuit). « Renvoyer » paierait à nouveau.',
  'core.jobs.linkGone':
    '{what, select, clip {Le lien du clip} other {Le lien du résultat}} ne fonctionne plus, et interrogé à nouveau, le service a répondu « {status} » sans nouveau lien. Utilisez « Vérifier à nouveau » plus tard (gratuit) ; « Renvoyer » paierait à nouveau.',
  'core.import.cannotRead':
    'Clearframe ne peut pas lire {name} : {why, select, missing {ce fichier n’existe pas} folder {c’est un dossier} denied {vous n’avez pas le droit de l’ouvrir} other {il est illisible}}. Vérifiez le nom et que vous pouvez ouvrir le fichier, puis importez-le à nouveau.',
  'core.import.notText':
    '{name} n’est pas un fichier texte. Enregistrez les essais en CSV (depuis un tableur : Fichier, Enregistrer sous, CSV) ou en JSON, puis importez ce fichier.',
  'core.import.columnList': '{first} et {last}',
  'core.import.empty':
    '{name} ne contient aucun essai. Donnez une ligne à chaque essai, avec une ligne d’en-tête qui nomme les colonnes ({columns}), ou une liste JSON d’essais.',
  'core.import.badCsv':
    '{name} n’est pas un fichier CSV que Clearframe peut lire{line, select, none {} other { (ligne {line})}} : {detail}. Chaque ligne doit avoir autant de champs que l’en-tête, et un champ contenant une virgule ou un saut de ligne se met entre guillemets droits doubles.',
  'core.import.unknownColumn':
    '{name} a une colonne que Clearframe ne lit pas : {found}. Les colonnes sont {columns} ; renommez ou retirez cette colonne.',
  'core.import.noPrompt':
    '{name} n’a pas de colonne « prompt ». La première ligne nomme les colonnes ({columns}) ; chaque essai a besoin d’un prompt.',
  'core.import.badJson':
    '{name} n’est pas un JSON valide ({detail}). Corrigez-le, ou enregistrez les essais en CSV.',
  'core.import.notList':
    '{name} doit contenir une liste JSON d’essais, par exemple [\'{\'"prompt": "des mouettes au-dessus du port", "duration": 5\'}\'].',
  'core.import.notCsvOrJson':
    '{name} n’est ni un fichier CSV ni un fichier JSON. Les essais s’importent depuis un fichier .csv (un tableur enregistré en CSV) ou un fichier .json.',
  'core.import.rowLabel': 'Ligne {line}',
  'core.import.roundLabel': 'Essai {index} (ligne {line})',
  'core.import.shot':
    '{titled, select, true {Plan {position} « {title} »} other {Plan {position}}}{isNew, select, true { (nouveau)} other {}}',
  'core.import.refused':
    'Rien n’a été mis en file depuis {file} : {rows, plural, one {un essai enfreint} other {# essais enfreignent}} une règle. {problems} Corrigez le fichier et importez-le à nouveau.',
  'core.import.projectGone': 'Ce projet n’existe plus ; choisissez-en un autre.',
  'core.rounds.noShot': 'Il n’y a pas de plan {shot}.',
  'core.rounds.noRound': 'Il n’y a pas d’essai {round}.',
  'core.rounds.malformed': 'La requête est mal formée ({detail}).',
  'core.rounds.refused':
    'Cet essai ne peut pas être envoyé tel quel. {problems} Rien n’a été facturé.',
  'core.rounds.notFinished':
    'Cet essai n’est pas encore terminé ; prolongez-le quand son clip sera prêt.',
  'core.rounds.noLastFrame':
    'Cet essai a été fait sans « renvoyer la dernière image », le service n’a donc gardé aucune image d’où repartir. Prolongez-le dans la fenêtre, qui prend la dernière image du clip, ou commencez l’essai suivant à partir d’une image à vous.',
  'core.rounds.needsAsset':
    'Le service ne prend une vidéo de référence que comme ressource téléversée (asset://…), et ce clip est revenu comme lien de téléchargement. Téléversez {clip} dans votre compte sur le site du fournisseur, puis donnez ici son adresse asset:// ; ou utilisez « Prolonger depuis la dernière image », qui ne demande aucun téléversement.',
  'core.rounds.theClip': 'le clip',
  'core.rounds.frameUnreadable':
    'L’image prise du clip n’est pas une image que Clearframe peut lire : lisez le clip une fois, puis prolongez-le à nouveau.',
  'core.rounds.frameSize':
    'L’image prise du clip fait {frame}, le clip {clip} : prolongez-le à nouveau.',
  'core.rounds.noProjectHere': 'Il n’y a pas de projet {project} dans ce dossier de données.',
  'core.rounds.nameProject': 'Donnez un nom au projet.',
  'core.rounds.gone':
    '{kind, select, project {Ce projet} shot {Ce plan} other {Cet essai}} n’existe plus.',
  'core.rounds.stillOpen':
    '{kind, select, project {{count, plural, one {Un essai de ce projet est encore en attente, en cours ou attend votre décision : annulez-le ou laissez-le finir, puis retirez le projet.} other {# essais de ce projet sont encore en attente, en cours ou attendent votre décision : annulez-les ou laissez-les finir, puis retirez le projet.}}} shot {{count, plural, one {Un essai de ce plan est encore en attente, en cours ou attend votre décision : annulez-le ou laissez-le finir, puis retirez le plan.} other {# essais de ce plan sont encore en attente, en cours ou attendent votre décision : annulez-les ou laissez-les finir, puis retirez le plan.}}} other {{count, plural, one {Cet essai est encore en attente, en cours ou attend votre décision : annulez-le ou laissez-le finir, puis retirez-le.} other {# essais sont encore en attente, en cours ou attendent votre décision : annulez-les ou laissez-les finir, puis retirez l’essai.}}}}',
  'core.rounds.notThisShot': 'Cet essai n’appartient pas à ce plan.',
  'core.rounds.takeNeedsClip': 'Seul un essai terminé, avec son clip, peut être la prise du plan.',
  'core.rounds.promptUnknown':
    'L’essai {position} a été ajouté depuis la liste des tâches du service : son prompt n’est donc pas connu ici, et Clearframe ne paiera pas pour un substitut. Écrivez le prompt dans l’éditeur d’essai (« Écrire le prompt… » remplit le reste), puis mettez-le en file.',
  'core.rounds.roundGone': 'Cet essai n’existe plus.',
  'core.rounds.taskInShot': 'Cette tâche est déjà dans un plan.',
  'core.watermark.maskFileGone':
    'Le fichier de masque {file} est illisible ; vérifiez qu’il existe toujours, puis réessayez.',
  'core.watermark.noMeasurement':
    '{name} a été mis en file pour cet ordinateur sans mesure du filigrane : recherchez à nouveau le filigrane, ou envoyez l’image au service.',
  'core.jobs.roundUnknownOutcome':
    'La connexion a échoué pendant l’envoi de cet essai, et le service ne liste aucune tâche qui soit clairement lui : il a donc pu être facturé ou non. Vérifiez votre compte, puis renvoyez-le ou annulez-le.',
  'core.jobs.roundUnknownOutcomeDamaged':
    'Son envoi a été interrompu : il a donc pu être facturé ou non, et sans sa requête aucune tâche du service ne peut être reconnue comme lui. Vérifiez votre compte, puis écrivez l’essai à nouveau (« Écrire le prompt… » dans l’app).',
  'core.jobs.imageUnknownOutcome':
    'Le service a peut-être reçu cette image avant l’échec de la connexion, et donc déjà utilisé un crédit. Ne la renvoyez que si vous l’acceptez.',
  'core.jobs.roundReported': 'Le service a signalé l’essai comme {status}.',
  'core.jobs.noVideo': 'Le service a terminé l’essai mais n’a fourni aucune vidéo.',
  'core.clips.refused':
    '{reason, select, noVideo {{name} ne contient aucune piste vidéo.} noEncoder {Cet ordinateur ne peut pas encoder {name} à sa taille : ni H.264 ni VP9 n’est disponible.} soundContainer {Le son de {name} ne peut pas aller dans un fichier WebM, et cet ordinateur ne peut pas écrire de H.264 en MP4.} noMark {Aucune marque ne reste immobile sur toute la durée de {name} : une marque qui bouge, ou change de place d’une scène à l’autre, ne peut pas être ôtée d’un clip.} markTooLarge {Ce qui reste immobile dans {name} couvre trop de l’image pour être un logo : est-ce un plan fixe, ou une bordure ?} markMoves {La marque de {name} est à un endroit dans une scène et ailleurs dans une autre : coupez le clip au changement de scène et déposez chaque partie séparément.} tooFewFrames {{name} est trop court ou trop immobile pour trouver sa marque : il faut au moins 60 images différentes.} pixelFormat {Les images de {name} ne sont pas en 8 bits 4:2:0, le seul format d’image que le nettoyage lit.} other {{name} n’a pas pu être nettoyé.}}',
  'core.clips.lost': 'Le clip nettoyé de {name} a été perdu avant d’être enregistré : relancez-le.',
  'core.clips.failed':
    'Le nettoyage de {name} s’est arrêté dans la fenêtre ({detail}). Réessayez\xa0: les parties déjà nettoyées sont gardées\xa0; s’il s’arrête encore, ouvrez le clip dans un lecteur pour vérifier qu’il se lit jusqu’au bout.',
  'core.clips.segmentsDamaged':
    'Le relevé des parties déjà nettoyées de {name} était endommagé : le clip est nettoyé de nouveau depuis sa première image plutôt qu’enregistré abîmé.',
  'core.clips.stopped': 'Nettoyage du clip arrêté ; rien n’a été enregistré sous son nom.',
  'core.jobs.imageReported': 'Le service a signalé {status}.',
  'core.jobs.failedOnService': '{reason} « Renvoyer » paie une nouvelle tentative.',
  'core.jobs.damagedRecord':
    'L’enregistrement de Clearframe pour {what, select, image {cette image} other {cet essai}} est endommagé : {problem}. {advice}',
  'core.jobs.damagedImageAdvice':
    'Plus rien n’est envoyé pour elle : annulez-la et ajoutez à nouveau l’image.',
  'core.jobs.damagedRequestAdvice':
    'Il n’est pas envoyé tel quel : écrivez l’essai à nouveau (« Écrire le prompt… » dans l’app).',
  'core.jobs.damagedClipsAdvice':
    'Ses clips, s’il en a fait, restent là où ils ont été enregistrés ; pour repartir de lui, écrivez un nouvel essai.',
  'core.jobs.storedNotJson': 'son champ {source} n’est pas un JSON valide ({detail})',
  'core.jobs.storedWrongShape':
    'son champ {source} ne contient pas ce que Clearframe y écrit ({detail})',
  'core.jobs.storedUnexpected': 'valeur inattendue',
  'core.jobs.databaseDamaged':
    'La base des tâches est endommagée ({detail}). Clearframe peut la mettre de côté et repartir d’une file vide ; vos images et résultats sur le disque ne sont pas touchés.',
  'core.jobs.ownResult': 'C’est un résultat écrit par Clearframe (à partir de {source}).',
  'core.jobs.ownResultCopy':
    'C’est une copie d’un résultat écrit par Clearframe (à partir de {source}).',
  'core.jobs.alreadyCleaned':
    'Elle a déjà été nettoyée avec le même masque (résultat : {result}) : elle n’est donc pas renvoyée.',
  'core.jobs.cleanedBefore':
    'Déjà nettoyée ({when}) vers {result}. Avec le même masque, elle n’est pas renvoyée, sauf si vous choisissez « nettoyer à nouveau ».',
  'core.jobs.roundPollingStopped':
    'Le suivi est arrêté. Le service peut encore terminer cet essai et le facturer.',
  'core.jobs.imagePollingStopped':
    'Le suivi est arrêté. Le service peut encore traiter cette image et utiliser un crédit.',
  'core.fetch.plainHttp': 'le http non chiffré vers {host} n’est pas suivi, seulement https',
  'core.fetch.scheme': 'seules les adresses http et https sont téléchargées, pas {scheme}',
  'core.fetch.noLocation': 'le serveur a répondu HTTP {status} sans dire où aller',
  'core.fetch.tooManyRedirects': 'le lien a été redirigé plus de {max} fois',
  'core.fetch.badRedirect': 'le lien a été redirigé vers une adresse non valide',
  'core.fetch.downgrade':
    'le lien a été redirigé de https vers du http non chiffré ({host}), ce qui n’est pas suivi',
  'core.fetch.redirectedElsewhere': 'le lien a été redirigé ailleurs : {problem}',
  'core.fetch.notPlainName': '« {name} » n’est pas un simple nom de fichier',
  'core.fetch.outside': '« {name} » serait écrit hors de {folder}',
  'core.fetch.incomplete': 'le transfert ne s’est pas terminé',
  'core.fetch.gone': 'le résultat n’est plus sur le serveur (HTTP {status})',
  'core.fetch.expired': 'le lien du résultat a expiré ou a été refusé (HTTP 403)',
  'core.fetch.serverAnswered': 'le serveur du résultat a répondu HTTP {status}',
  'core.fetch.tooBig': 'le résultat fait {bytes} octets, plus que les {max} octets permis',
  'core.fetch.grewTooBig': 'le résultat a dépassé les {max} octets permis',
  'core.import.referencesList':
    'les références doivent être une liste d’adresses, par exemple ["image=https://…"]',
  'core.import.referenceType':
    'dites ce qu’est la référence {number} : écrivez image=, video= ou audio= avant son adresse',
  'core.import.referenceOneAddress':
    'la référence {number} demande une seule adresse ; séparez les références par |',
  'core.import.referenceLocalFile':
    'la référence {number} est un fichier de cet ordinateur ({url}), et le service ne prend les références que par adresse : téléversez-le dans votre compte sur le site du fournisseur et donnez son adresse asset:// (ajoutez « from {url} » après pour qu’il soit vérifié ici)',
  'core.import.referenceNotAddress':
    'la référence {number}, {url}, n’est pas une adresse (asset:// ou https://), et aucun fichier ne porte ce nom non plus',
  'core.import.referenceNoFile':
    'la référence {number} nomme le fichier {file}, qui n’existe pas : corrigez le nom, ou retirez « from … »',
  'core.import.referenceFileProblem': 'fichier {file} de la référence {number} : {problem}',
  'core.import.referenceProblem': 'référence {number} : {problem}',
  'core.import.referenceUnreadable':
    'le fichier {file} de la référence {number} n’a pas pu être lu comme {type, select, video {vidéo} other {son}} : nommez le fichier depuis lequel elle a été téléversée, ou retirez « from … »',
  'core.import.durationWhole':
    'la durée doit être un nombre entier de secondes, par exemple {example} ; « {given} » n’en est pas un',
  'core.import.notObject':
    'chaque essai doit être un objet avec un prompt, par exemple \'{\'"prompt": "des mouettes au-dessus du port"\'}\'',
  'core.import.unknownField': 'le champ « {field} » n’est pas lu par Clearframe ({columns})',
  'core.import.unknownKind': 'le type "{kind}" n’est pas connu de Clearframe ; utilisez {kinds}',
  // ── end of Engine, jobs and clients.

  // ── Engine, media, files, keys and settings: keys of their sentences go below this line.
  'core.intake.notAnImage':
    'Ce fichier n’est pas une image, quoi qu’en dise son nom. Ajoutez un fichier JPEG, PNG, WebP, AVIF, HEIC, TIFF ou GIF.',
  'core.intake.unsupported':
    'Les images {type} ne sont pas acceptées. Convertissez-la en PNG ou JPEG et ajoutez-la à nouveau.',
  'core.intake.gone':
    'Le fichier n’est plus là : il a peut-être été déplacé, renommé ou supprimé. Ajoutez-le à nouveau depuis son emplacement actuel.',
  'core.intake.unreadable':
    'Le fichier ne peut pas être lu ({why}). Vérifiez que Clearframe a le droit de l’ouvrir, puis ajoutez-le à nouveau.',
  'core.intake.empty':
    'Le fichier est vide. Vérifiez que sa copie est terminée, puis ajoutez-le à nouveau.',
  'core.intake.corrupt':
    'L’image est endommagée ou incomplète et ne peut pas être lue. Ouvrez-la dans un autre programme pour la vérifier, puis ajoutez-la à nouveau.',
  'core.intake.noSize':
    'L’image n’a pas de taille. Elle est peut-être endommagée ; ajoutez-en une autre copie.',
  'core.intake.tooManyPixels':
    'L’image compte {megapixels} mégapixels, plus que les {limit} permis. Relevez la limite dans les Réglages ou choisissez de réduire les grandes images.',
  'core.probe.unreadable':
    'Le fichier ne peut pas être lu. Vérifiez qu’il existe et que vous avez le droit de l’ouvrir.',
  'core.probe.damaged': 'L’image est endommagée ou incomplète et ne peut pas être lue.',
  'core.probe.cutShort':
    'L’image est endommagée ou tronquée : ses pixels ne peuvent pas tous être lus. Ouvrez-la dans un autre programme pour la vérifier, ou copiez-la de nouveau.',
  'core.maskImport.unreadable':
    'Le fichier de masque ne peut pas être lu comme une image. Exportez-le en PNG et réessayez.',
  'core.maskImport.otherShape':
    'Le masque fait {mask} mais l’image {image}, des proportions différentes. Exportez le masque à la taille de l’image.',
  'core.maskImport.marksNothing':
    'Le masque ne marque rien : peignez les zones à retirer en blanc (ou en toute couleur) sur du noir.',
  'core.maskImport.mostlyMarked':
    'Le masque couvre {percent} % de l’image, qui sera donc en grande partie repeinte. Vérifiez qu’il n’est pas inversé.',
  'core.maskImport.allWhite':
    'Le masque est tout blanc : lu comme un masque blanc sur noir, il marque toute l’image, mais selon la règle du service (le blanc ne marque rien), il ne marque rien.',
  'core.maskImport.allMarked':
    'Le masque marque chaque pixel : toute l’image serait repeinte, pas seulement le filigrane.',
  'core.unblend.otherSize':
    '{file} fait {size} pixels, mais le filigrane a été mesuré sur des images de {measured} : envoyez-la au service, ou cherchez à nouveau le filigrane avec elle parmi les images.',
  'core.unblend.estimateMissing':
    'La mesure du filigrane ({file}) est introuvable : cherchez à nouveau le filigrane, ou envoyez ces images au service.',
  'core.unblend.estimateDamaged':
    'La mesure du filigrane ({file}) est endommagée ({why}) : cherchez à nouveau le filigrane, ou envoyez ces images au service.',
  // Watermark profiles (issue #39).
  'core.profiles.noFile':
    'Le fichier {file} n’existe pas : vérifiez le chemin, ou donnez le nom d’un profil enregistré.',
  'core.profiles.unreadable':
    '{file} n’est pas un profil de filigrane que ce Clearframe sait lire (endommagé, tronqué, ou créé par un autre programme ou une autre version) : exportez-le à nouveau depuis le Clearframe qui l’a créé, ou cherchez à nouveau le filigrane et enregistrez un nouveau profil.',
  'core.profiles.unknown':
    'Il n’existe ni profil de filigrane nommé « {name} » ni fichier de ce nom : enregistrez-en un après « Trouver le filigrane », ou donnez le chemin d’un profil exporté.',
  'core.profiles.exists':
    'Un profil nommé « {name} » existe déjà : choisissez un autre nom, ou supprimez d’abord celui-là.',
  'core.profiles.doesNotFit':
    'La marque du profil « {name} », mesurée sur des images de {measured}, ne tient pas sur cette image de {size} : marquez-la à la main, ou cherchez le filigrane dans un lot d’images de sa taille.',
  'ipc.problem.profileName':
    'Donnez au profil un nom de 1 à 80 caractères, sans / \\ : * ? " < > |.',
  'cli.profile.usage':
    '  --profile name|file\n                      nettoyer chaque image sur cet ordinateur, gratuitement, avec un profil\n                      de filigrane enregistré (son nom) ou exporté (son fichier) ; les images\n                      où sa marque ne tient pas sont nommées et laissées de côté',
  'cli.profile.conflict':
    '--profile apporte son propre masque et son moteur : retirez --auto-mask, --mask, --mask-rect et --engine service.',
  'cli.profile.using':
    'Profil « {name} » : la marque mesurée sur {count, plural, one {# image} other {# images}} de {size}, nettoyée sur cet ordinateur, gratuitement.',
  'core.profiles.findAgain':
    'La mesure du filigrane n’est plus conservée : cherchez à nouveau le filigrane, puis enregistrez le profil.',
  'cli.summary.watch': 'nettoie chaque nouvelle image d’un dossier avec un profil de filigrane',
  'cli.watch.usage':
    'Utilisation : clearframe watch [DOSSIER --profile=NOM|FICHIER [--recursive] [--engine=local|service --credits-per-day=N]] [--list] [--pause DOSSIER] [--forget DOSSIER] [--json] [--demo] [--data-dir=DOSSIER]\n  Ajoute DOSSIER aux dossiers surveillés (gardés dans le dossier de données) et les surveille tous jusqu’à Ctrl+C : chaque nouvelle image est nettoyée une fois avec le profil quand elle a fini d’arriver, et les résultats vont là où le disent les réglages de sortie. Sans DOSSIER, la liste reprend telle quelle ; les images déjà nettoyées ne le sont pas à nouveau.\n  --engine service les envoie au service payant avec la marque du profil comme masque, au plus --credits-per-day crédits par jour ; au-delà, la surveillance s’arrête avec un avis.',
  'cli.watch.noFolder': '{folder} n’est pas un dossier : indiquez le dossier à surveiller.',
  'cli.watch.noProfile':
    'indiquez le profil de filigrane avec lequel nettoyer : --profile NOM ou --profile FICHIER.',
  'cli.watch.badEngine': '--engine accepte local ou service.',
  'cli.watch.needsLimit':
    'la surveillance payante a besoin d’une limite par jour : ajoutez --credits-per-day N (le plus de crédits qu’elle peut dépenser en un jour).',
  'cli.watch.oneFolder': 'indiquez un seul dossier à la fois.',
  'cli.watch.notWatched':
    '{folder} n’est pas surveillé ; clearframe watch --list affiche les dossiers surveillés.',
  'cli.watch.forgotten': '{folder} n’est plus surveillé. Ses résultats restent où ils sont.',
  'cli.watch.paused':
    'La surveillance de {folder} est en pause. Lancez clearframe watch {folder} --profile NOM pour la reprendre.',
  'cli.watch.none':
    'Aucun dossier n’est surveillé. Ajoutez-en un avec : clearframe watch DOSSIER --profile NOM',
  'cli.watch.line':
    '{folder} : profil « {profile} »{recursive, select, yes {, avec ses sous-dossiers} other {}}, {engine, select, service {payant, {spent} crédits dépensés sur {limit} aujourd’hui} other {sur cet ordinateur, gratuit}}{paused, select, yes { (en pause)} other {}}',
  'cli.watch.appHolds':
    'L’app Clearframe utilise le dossier de données {folder}. Fermez-la, puis relancez clearframe watch.',
  'cli.watch.skipped': '{file} n’est pas pris : {reason}',
  'cli.watch.watching':
    'Surveillance de {folder} : chaque nouvelle image est nettoyée avec le profil « {profile} » sur cet ordinateur, gratuitement. Appuyez sur Ctrl+C pour arrêter.',
  'cli.watch.watchingPaid':
    'Surveillance de {folder} : chaque nouvelle image est envoyée au service avec le profil « {profile} », au plus {limit, plural, one {# crédit} other {# crédits}} par jour. Appuyez sur Ctrl+C pour arrêter.',
  'cli.watch.notStarted': '{folder} n’est pas surveillé cette fois : {problem}',
  'core.watch.listDamaged':
    'La liste des dossiers surveillés ({file}) est illisible. Supprimez ce fichier, puis ajoutez à nouveau les dossiers avec clearframe watch.',
  'core.watch.limitReached':
    'La surveillance de {folder} s’est arrêtée : la limite du jour de {limit, plural, one {# crédit} other {# crédits}} est atteinte, et plus rien n’est envoyé aujourd’hui. {waiting, plural, one {# image attend} other {# images attendent}} ; augmentez la limite avec --credits-per-day, ou relancez clearframe watch demain.',
  // Watched folders in the window (#39).
  'core.watch.limitReachedApp':
    'La surveillance de {folder} s’est arrêtée pour aujourd’hui : la limite du jour de {limit, plural, one {# crédit} other {# crédits}} est atteinte, et plus rien n’est envoyé aujourd’hui. {waiting, plural, one {# image attend} other {# images attendent}} : prises demain dans la limite de ce jour, ou tout de suite si vous ajoutez à nouveau le dossier avec une limite plus haute.',
  'core.watch.noFolder':
    '{folder} n’est pas un dossier : choisissez à nouveau le dossier à surveiller.',
  'core.watch.needsLimit':
    'La surveillance payante a besoin d’une limite par jour : indiquez le maximum de crédits qu’elle peut dépenser en un jour.',
  'core.watch.notWatched':
    '{folder} n’est plus surveillé (il a été oublié entre-temps) : ajoutez-le à nouveau pour le surveiller.',
  'core.watch.notStarted': 'Pas surveillé pour l’instant : {problem}',
  'core.watch.leftOut': '{name} n’est pas pris : {reason}',
  'core.watch.notReserved':
    'Les crédits pour {count, plural, one {# image} other {# images}} dans {folder} n’ont pas pu être engagés, car la liste des dossiers surveillés a changé entre-temps (un autre processus a dépensé sur la limite du jour, ou la surveillance a été modifiée) : rien n’a été envoyé pour elles, et elles sont examinées à nouveau dans un instant.',
  'core.watch.stayedEmpty':
    'Il est resté vide (0 octet) depuis son apparition : copiez-le à nouveau, ou supprimez-le.',
  'watches.summary':
    'Dossiers surveillés : {count, plural, =0 {aucun} one {# dossier} other {# dossiers}}',
  'watches.empty':
    'Aucun dossier n’est surveillé. Ajoutez-en un ci-dessous : chaque nouvelle image qui a fini d’y arriver est nettoyée avec un profil, et son résultat va là où le disent les réglages de sortie.',
  'watches.needProfile':
    'Pour surveiller un dossier, enregistrez d’abord un profil de filigrane (Profils de filigrane, ci-dessus).',
  'watches.line':
    'profil « {profile} »{recursive, select, yes {, avec ses sous-dossiers} other {}} · {engine, select, service {payant : {spent} crédits dépensés sur {limit} aujourd’hui} other {sur cet ordinateur, gratuit}}',
  'watches.watching': 'Surveillé',
  'watches.paused': 'En pause : les nouvelles images ne sont pas prises',
  'watches.notRunning': 'Pas surveillé pour l’instant : voir la note ci-dessous',
  'watches.pause': 'Mettre en pause',
  'watches.resume': 'Reprendre',
  'watches.forget': 'Oublier',
  'watches.recent': 'Derniers fichiers pris dans {folder}',
  'watches.fileLine': '{name} — {status}',
  'watches.needsLook': 'À vérifier : {why}',
  'watches.failedStatus': '{state} : {error}',
  'watches.addTitle': 'Surveiller un dossier',
  'watches.folder': 'Dossier à surveiller',
  'watches.noFolderYet': 'Aucun dossier choisi',
  'watches.chooseFolder': 'Choisir un dossier…',
  'watches.profile': 'Nettoyer avec le profil',
  'watches.recursive': 'Inclure ses sous-dossiers',
  'watches.engine': 'Qui nettoie',
  'watches.engineLocal': 'Sur cet ordinateur — gratuit',
  'watches.engineService': 'Le service — payant, dans une limite par jour',
  'watches.limit': 'Crédits par jour au maximum',
  'watches.cost':
    'Chaque image coûte {cost, plural, one {# crédit} other {# crédits}}. Indiquez le maximum de crédits par jour : rien n’est envoyé au-delà.',
  'watches.costWithLimit':
    'Chaque image coûte {cost, plural, one {# crédit} other {# crédits}} : au plus {limit, plural, one {# crédit} other {# crédits}} par jour, soit {images, plural, one {# image} other {# images}} ; au-delà, la surveillance attend le jour suivant.',
  'watches.add': 'Surveiller ce dossier',
  'main.dialog.profiles': 'Profils de filigrane',
  'main.dialog.exportProfile': 'Exporter le profil de filigrane',
  'main.dialog.importProfile': 'Importer un profil de filigrane',
  'profiles.summary':
    'Profils de filigrane : {count, plural, =0 {aucun pour l’instant} one {# enregistré} other {# enregistrés}}',
  'profiles.saveLabel': 'Enregistrer le filigrane mesuré comme profil',
  'profiles.namePlaceholder': 'Nom, p. ex. Logo du studio',
  'profiles.save': 'Enregistrer',
  'profiles.empty':
    'Aucun profil pour l’instant. Dès que « Trouver le filigrane » a mesuré une marque pour cet ordinateur, enregistrez-la ici : les images suivantes portant la même marque seront alors nettoyées gratuitement, sans lot.',
  'profiles.line':
    '{size} · mesuré sur {count, plural, one {# image} other {# images}} · {placement, select, topLeft {coin en haut à gauche} topRight {coin en haut à droite} bottomLeft {coin en bas à gauche} bottomRight {coin en bas à droite} other {cette taille seulement}}',
  'profiles.use': 'Appliquer aux images en attente',
  'profiles.export': 'Exporter…',
  'profiles.delete': 'Supprimer',
  'profiles.import': 'Importer un profil…',
  'profiles.used':
    '{count, plural, one {# image en attente reçoit} other {# images en attente reçoivent}} le profil « {name} » : Démarrer {count, plural, one {la} other {les}} nettoie sur cet ordinateur, gratuitement.',
  'profiles.leftOut': '{name} : {reason}',
  'profiles.saved': 'Profil « {name} » enregistré.',
  'profiles.exported': 'Exporté vers {path}.',
  'profiles.imported': 'Profil « {name} » importé.',
  'core.film.notVideo':
    'Le clip de {label} n’a pas pu être lu comme une vidéo : refaites cette prise, ou choisissez-en une autre.',
  'core.film.clipGone':
    'Le clip de {label} n’est plus à {file} : remettez-le en place, ou choisissez une autre prise.',
  'core.film.changed': 'Le clip de {label} a changé pendant l’assemblage : réessayez.',
  'core.film.nothing': 'Il n’y a rien à assembler : faites d’abord une prise d’un plan.',
  'core.film.damagedSettings':
    'Le clip de {clip} a des réglages H.264 endommagés : refaites cette prise, ou choisissez-en une autre.',
  'core.film.unknownCodec': 'inconnu',
  'core.film.otherFormat':
    'Ces prises ne peuvent pas être assemblées sans réencodage : le clip de {clip} est en {theirs}, celui de {first} en {ours} ; faites les prises dans le même format vidéo, ou choisissez des prises qui le sont.',
  'core.film.otherSize':
    'Ces prises ne peuvent pas être assemblées sans réencodage : le clip de {clip} fait {theirs}, celui de {first} {ours} ; faites les prises dans la même résolution (même format et même qualité), ou choisissez des prises qui le sont.',
  'core.film.otherTurn':
    'Ces prises ne peuvent pas être assemblées sans réencodage : le clip de {clip} est tourné de {theirs}°, celui de {first} de {ours}° ; choisissez des prises tournées de la même façon.',
  'core.film.otherColour':
    'Ces prises ne peuvent pas être assemblées sans réencodage : le clip de {clip} a {theirs}, celui de {first} {ours} ; faites les prises avec les mêmes réglages de couleur, ou choisissez des prises qui les ont.',
  'core.film.colourRange':
    '{full, select, true {des couleurs en plage complète} other {des couleurs en plage limitée}}',
  'core.film.colourMatrix': 'la matrice de couleur {value}',
  'core.film.colourPrimaries': 'les primaires de couleur {value}',
  'core.film.colourTransfer': 'la courbe de transfert {value}',
  'core.film.otherRate':
    'Ces prises ne peuvent pas être assemblées sans réencodage : le clip de {clip} tourne à {theirs} images par seconde, celui de {first} à {ours} ; faites les prises à la même fréquence d’images, ou choisissez des prises qui l’ont.',
  'core.film.soundOnlyHere':
    'Ces prises ne peuvent pas être assemblées sans réencodage : le clip de {clip} a du son, celui de {first} n’en a pas ; faites toutes les prises avec du son ou toutes sans, ou choisissez de telles prises.',
  'core.film.soundOnlyThere':
    'Ces prises ne peuvent pas être assemblées sans réencodage : le clip de {clip} n’a pas de son, celui de {first} en a ; faites toutes les prises avec du son ou toutes sans, ou choisissez de telles prises.',
  'core.film.soundEncoding':
    'Ces prises ne peuvent pas être assemblées sans réencodage : le son du clip de {clip} est encodé avec d’autres réglages que celui de {first} ; faites les prises avec les mêmes réglages de son, ou choisissez des prises qui les ont.',
  'core.film.otherSound':
    'Ces prises ne peuvent pas être assemblées sans réencodage : le clip de {clip} a {theirs}, celui de {first} {ours} ; faites les prises avec les mêmes réglages de son, ou choisissez des prises qui les ont.',
  'core.film.sound':
    'un son {codec} à {rate} Hz sur {channels, plural, one {# canal} other {# canaux}}',
  'core.files.diskFull':
    'Le disque qui contient {folder} est plein : libérez-y de l’espace, ou choisissez un autre dossier, puis {again}.',
  'core.files.notWritable':
    'Clearframe n’a pas le droit d’écrire dans {folder} : choisissez un autre dossier, puis {again}.',
  'core.files.noFreeName': 'Aucun nom libre n’a été trouvé pour {what} dans {folder}.',
  'core.keys.cannotSave': 'La clé ne peut pas être enregistrée : {why}',
  'core.lock.holderApp': 'l’app Clearframe (pid {pid}, depuis {since})',
  'core.lock.holderCommand': '« {command} » (pid {pid}, depuis {since})',
  'core.settings.newer':
    'ils ont été enregistrés par un Clearframe plus récent (version des réglages {version} ; celui-ci ne connaît que la version {known})',
  'core.settings.noMigration': 'ce Clearframe ne sait pas lire la version {version} des réglages',
  'core.settings.setAside':
    'Vos réglages n’ont pas pu être lus ({why}), les réglages par défaut sont donc utilisés. L’ancien fichier a été conservé sous {aside}.',
  'core.settings.leftInPlace':
    'Vos réglages n’ont pas pu être lus ({why}), les réglages par défaut sont donc utilisés. Le fichier a été laissé tel quel, à {file} ; les réglages ne peuvent pas être enregistrés tant qu’il n’est pas lisible ou supprimé.',
  'core.settings.keptInPlace': '{file} n’a pu être ni lu ({why}) ni mis de côté ({whyNotMoved})',
  'core.settings.cannotSave':
    'Les réglages ne peuvent pas être enregistrés : {why}. Rendez-le lisible, ou déplacez-le, puis redémarrez Clearframe.',
  'core.settings.folderNotWritable':
    'Les réglages ne peuvent pas être enregistrés dans {folder} ({why}). Rendez ce dossier accessible en écriture, puis modifiez à nouveau le réglage.',
  'core.probe.empty': 'Le fichier est vide.',
  'core.film.otherEncoding':
    'Ces prises ne peuvent pas être assemblées sans réencodage : le clip de {clip} a été encodé avec d’autres réglages {theirs} que celui de {first} ; seuls les clips H.264 faits avec des réglages différents peuvent être assemblés tels quels. Faites des prises semblables, ou choisissez des prises qui le sont.',
  'core.keys.works':
    '{kind, select, watermark {Le jeton d’API de filigrane fonctionne} other {La clé d’API vidéo fonctionne}} : {quota} (de {host}).{saving, select, true { {kind, select, watermark {Il a été enregistré} other {Elle a été enregistrée}} dans le trousseau du système.} other {}}',
  'core.keys.refused':
    '{host} a refusé {kind, select, watermark {ce jeton d’API de filigrane} other {cette clé d’API vidéo}}{answered, select, yes { (le service a répondu : « {answer} »)} other {}}.{saving, select, true { {kind, select, watermark {Il n’a pas été enregistré.} other {Elle n’a pas été enregistrée.}}} other {}} Copiez à nouveau la clé depuis votre compte sur le site du fournisseur.',
  'core.keys.unchecked':
    '{kind, select, watermark {Le jeton d’API de filigrane n’a pas pu être vérifié} other {La clé d’API vidéo n’a pas pu être vérifiée}} : {why}{saving, select, true { {kind, select, watermark {Il n’a pas été enregistré.} other {Elle n’a pas été enregistrée.}}} other {}} Vérifiez la connexion et l’adresse du service dans les Réglages, puis réessayez.',
  'core.keys.acceptedLowBalance':
    '{host} a accepté {kind, select, watermark {le jeton d’API de filigrane} other {la clé d’API vidéo}}, mais indique que le solde est trop bas : {why}.{saving, select, true { {kind, select, watermark {Il a été enregistré} other {Elle a été enregistrée}} dans le trousseau du système.} other {}}',
  'core.keys.acceptedBalanceUnread':
    '{host} a accepté {kind, select, watermark {le jeton d’API de filigrane} other {la clé d’API vidéo}}, mais son solde n’a pas pu être lu ({why}) ; l’écran Compte le redemandera.{saving, select, true { {kind, select, watermark {Il a été enregistré} other {Elle a été enregistrée}} dans le trousseau du système.} other {}}',
  'core.keys.unknownShape': 'sa réponse n’avait pas une forme connue de Clearframe',
  'core.keys.answeredStatus': 'il a répondu HTTP {status}',
  'core.keys.balance': 'solde de {amount}',
  'core.keys.creditsLeft': '{remaining} crédits restants sur {limit}',
  'core.keys.noKeychain':
    'Aucun trousseau du système n’a répondu. Installez et déverrouillez un Secret Service comme GNOME Keyring (paquet gnome-keyring) et reconnectez-vous, ou définissez CLEARFRAME_WATERMARK_KEY et CLEARFRAME_VIDEO_KEY.',
  'core.keys.keychainLocked':
    'Le trousseau du système n’a pas pu être utilisé. Déverrouillez-le et réessayez, ou définissez CLEARFRAME_WATERMARK_KEY et CLEARFRAME_VIDEO_KEY.',
  'core.mask.marksNothing':
    'Le masque ne marque rien (ses marques sont hors de l’image ou ont été effacées), donc rien n’a été envoyé : marquez le filigrane, ou envoyez l’image sans masque.',
  'core.inputs.svg':
    'C’est un SVG, un dessin vectoriel, et le service ne prend que des images en pixels. Exportez-le en PNG, puis ajoutez celui-ci.',
  'core.inputs.provenanceLog':
    'C’est le registre que Clearframe tient des résultats de ce dossier.',
  'core.inputs.unreadable': 'Il ne peut pas être lu. Vérifiez que vous avez le droit de l’ouvrir.',
  'core.inputs.noExtension': 'Il n’a pas d’extension et son contenu n’est pas une image.',
  'core.inputs.notImage': 'Ce n’est pas un fichier image.',
  'core.inputs.special': 'C’est un lien ou un fichier spécial, pas une image.',
  'core.inputs.missing': 'Il n’existe pas (déplacé ou supprimé ?).',
  'core.inputs.neither': 'Ce n’est ni un fichier ni un dossier.',
  'core.output.otherShape':
    'Le service a renvoyé {result} pixels pour une image de {image}, une autre forme, donc son résultat n’a pas pu être superposé à l’original : il est gardé entier, étiré à la taille de l’original.',
  'core.automask.notLookedFor': 'Le filigrane n’a pas pu être cherché',
  'core.files.diskFullWaiting':
    'Le disque qui contient {folder} est plein. Libérez-y de l’espace : les tâches en attente reprennent d’elles-mêmes dès qu’il y a de la place, et rien n’est renvoyé ni payé deux fois.',
  'core.files.dataFolderReadOnly':
    'Clearframe ne peut pas écrire dans son dossier de données {folder} ({why}). Rendez le dossier accessible en écriture (vérifiez ses permissions, ou si son disque est monté en lecture seule), ou faites pointer CLEARFRAME_DATA_DIR vers un dossier où vous pouvez écrire, puis relancez Clearframe.',
  'core.files.what.film': 'le film',
  'core.files.what.take': 'la prise du plan {shot}',
  'core.files.what.csv': 'le fichier CSV',
  'core.files.what.lastFrame': 'la dernière image',
  'core.files.again.join': 'relancez l’assemblage',
  'core.files.again.export': 'exportez à nouveau',
  'core.files.again.exportSpending': 'exportez à nouveau les dépenses',
  'core.files.again.extend': 'prolongez à nouveau l’essai',
  'core.finder.tooFew':
    'Trop peu d’images de cette taille pour trouver le filigrane (il en faut au moins {count} qui le partagent) : marquez-le à la main.',
  'core.finder.refused':
    'ces images ne partagent aucune marque (ce qui ressort couvrirait {share} de chaque image) ; marquez-la à la main',
  'core.finder.faint':
    'La marque y est faible ou en partie cachée (score {score}) : son masque est à vérifier avant d’être utilisé.',
  'core.finder.damaged':
    'Le fichier est endommagé ou incomplet et n’a pas pu être lu ; il est laissé de côté.',
  // ── end of Engine, media, files, keys and settings.

  // ── Engine, app desks and notices: keys of their sentences go below this line.
  'core.app.otherProcessDone':
    'L’autre processus a terminé ; la file d’attente tourne désormais ici.',
  'core.app.waitingForHolder':
    '{holder} travaille dans ce dossier de données. Les tâches ajoutées ici attendent qu’il ait terminé, puis démarrent d’elles-mêmes.',
  'core.app.folderReadOnly':
    '{problem} D’ici là, cette session garde sa file d’attente et ses journaux dans {folder}, qui n’est pas conservé.',
  'core.app.databaseSetAside':
    'La base de données des tâches était endommagée : Clearframe a donc commencé une nouvelle file d’attente vide. L’ancienne a été conservée sous {aside} ; vos images et vos résultats sur le disque n’ont pas été touchés. Les tâches qu’elle contenait doivent être ajoutées à nouveau.',
  'core.app.noKeychain':
    '{problem} D’ici là, les clés ne peuvent pas être enregistrées ici ; les clés définies dans ces variables fonctionnent.',
  'core.app.projectGone': 'Ce projet n’existe plus.',
  'core.video.noTakeFile':
    '{here, select, gone {Le clip de cette prise n’est plus à {file} : remettez-le à cet endroit, ou relancez l’essai.} other {Cette prise n’a pas encore de clip sur cet ordinateur : attendez la fin du téléchargement.}}',
  'core.app.importProjectGone': 'Ce projet n’existe plus ; choisissez-en un autre.',
  'core.app.importChanged':
    '{file} ne donne plus ce que vous avez vu (le fichier ou le palier tarifaire a changé) : il donne désormais {count, plural, one {# essai} other {# essais}} pour {cost}. Rien n’a été mis en file ; revoyez-le avant de le mettre en file.',
  'core.app.shotNotAdded': 'Ce plan n’a pas pu être ajouté ; réessayez.',
  'core.app.shotGone': 'Ce plan n’existe plus.',
  'core.app.filmTakeGone':
    'L’une des prises ne fait plus partie de ce projet : choisissez à nouveau.',
  'core.app.filmTakeUnfinished':
    'L’essai choisi pour le plan {position} n’a pas de clip terminé : choisissez un essai terminé.',
  'core.app.filmNoTakes':
    'Aucun plan n’a encore de prise terminée : assemblez le film dès qu’un essai d’un plan est terminé.',
  'core.app.previewUnconfirmed': 'Un aperçu par le service coûte 1 crédit : confirmez-le d’abord.',
  'core.app.previewFailed':
    'Le service n’a pas pu nettoyer l’aperçu ({problem}). Essayez une autre image, ou lancez le lot sur cet ordinateur.',
  'core.app.addressProblem': '{problem} Vérifiez l’adresse dans un navigateur, puis réessayez.',
  'core.app.thatAddress': 'Cette adresse',
  'core.app.addressTimeout': '{host} n’a pas répondu à temps.',
  'core.app.addressUnreachable':
    '{host} est injoignable : le site est en panne, ou l’adresse ou la connexion Internet est erronée.',
  'core.app.addressHttp': '{host} a rencontré un problème de son côté (HTTP {status}).',
  'core.app.addressRefused': '{host} n’a pas fourni l’image : {reason}.',
  'core.app.addressRefusedHttp': '{host} n’a pas fourni l’image (HTTP {status}).',
  'core.app.addressUnreadable': 'L’image à cette adresse n’a pas pu être lue ({reason}).',
  'core.app.addressUnusable': 'L’adresse ne donne pas d’image utilisable : {reason}',
  'core.app.assetNoPicture':
    'Pas d’aperçu : le service ne rend aucune ressource envoyée à regarder. Pour voir l’image ici, donnez son adresse web ou choisissez le fichier.',
  'core.app.pastedUnusable': 'L’image collée ne peut pas être utilisée : {reason}',
  'core.app.imageGone': 'Cette image n’est plus disponible ; ajoutez-la à nouveau.',
  'core.app.fileUnreadable':
    'Il n’a pas pu être lu. Vérifiez qu’il existe et que vous avez le droit de l’ouvrir.',
  'core.app.stagedGone':
    'Cette image ne figure plus dans la liste des fichiers examinés (l’app a peut-être redémarré) ; ajoutez-la à nouveau.',
  'core.app.alreadyListed': 'Il est déjà dans la liste.',
  'core.app.maskEmpty':
    'Le masque ne marque rien : peignez sur le filigrane, ou choisissez « Aucun masque ».',
  'core.app.fileMaskEmpty': '{file} : {problem}',
  'core.app.maskToolEmpty':
    'Plus rien ne serait marqué : annulez, ou choisissez une valeur plus petite ou une vue plus large.',
  // ── end of Engine, app desks and notices.
};
