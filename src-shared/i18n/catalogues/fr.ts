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
  'notices.dismiss': 'Fermer ce message',
  'paid.confirm': 'Confirmer et envoyer',
  'paid.back': 'Retour',
  'retry.what': 'Renvoyer {name}',
  'retry.confirmLabel': 'Confirmer le renvoi de {name}',
  'retry.question': 'Payer à nouveau {cost} ?',
  'retry.sendAgain': 'Renvoyer (payant) – {cost}',
  'retry.checkAgain': 'Vérifier à nouveau',
  'retry.checkAgainHint':
    'Interroge à nouveau le service avec le numéro de tâche reçu ; c’est gratuit.',
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
  'demo.howTo': 'Comment utiliser mon propre compte ?',
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
  'key.removed': 'Retirée du trousseau du système.',
  'key.setFromEnvironment': 'Définie (par l’environnement)',
  'key.setInKeychain': 'Définie (dans le trousseau du système)',
  'key.notSet': 'Non définie',

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
    'Retire les images terminées de cette liste ; leurs résultats restent là où ils ont été enregistrés.',
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
  'mask.toolDone': '{done} : {percent} de l’image marqué.',
  'mask.imported':
    'Importé : {percent} de l’image marqué{scaled, select, true {, mis à l’échelle de l’image} other {}}{whiteOnBlack, select, true {, blanc lu comme « à retirer »} other {}}.',
  'mask.saved': 'Enregistré dans {path}.',
  'mask.canvas': '{name} : peignez sur ce qu’il faut retirer. Maintenez O pour voir l’original.',
  'mask.status': '{width}×{height} · {count, plural, one {# trait} other {# traits}}',
  'mask.loading': 'Chargement de l’image…',
  'mask.shortcuts':
    'Molette pour zoomer, Alt+molette ou [ ] pour la taille du pinceau, espace+glisser pour se déplacer, O pour voir l’original, Ctrl+Z pour annuler.',
  'mask.scaledFrom':
    'Ce masque a été dessiné sur une image de {size} puis mis à l’échelle de celle-ci. Vérifiez qu’il couvre toujours le filigrane.',
  'mask.leave': 'Abandonner ce masque ?',
  'mask.leaveQuestion': 'Abandonner ce que vous avez peint sur {name} ?',
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

  'arrange.keepIt': 'Garder',
  'arrange.remove': 'Retirer',
  'arrange.body': '{leaves} {kept}',
  'arrange.keptNoClips': 'Ce qui a été dépensé reste dans vos dépenses.',
  'arrange.keptClips':
    '{clips, plural, one {Le clip enregistré reste où il est} other {Les # clips enregistrés restent où ils sont}}, et ce qui a été dépensé reste dans vos dépenses.',
  'arrange.project': 'Projet',
  'arrange.projectName': 'Nom du projet',
  'arrange.saveName': 'Enregistrer le nom',
  'arrange.cancel': 'Annuler',
  'arrange.rename': 'Renommer…',
  'arrange.earlier': 'Avant',
  'arrange.later': 'Après',
  'arrange.earlierOne': 'Avant : {name}',
  'arrange.laterOne': 'Après : {name}',
  'arrange.removeProject': 'Retirer le projet…',
  'arrange.removeProjectTitle': 'Retirer {name} ?',
  'arrange.projectLeaves':
    '{name}, avec {shots, plural, one {# plan} other {# plans}} et {rounds, plural, one {# essai} other {# essais}}, quitte la liste.',
  'arrange.shot': 'Plan {position}',
  'arrange.moveEarlier': 'Avancer',
  'arrange.moveLater': 'Reculer',
  'arrange.moveEarlierShot': 'Avancer : plan {position}',
  'arrange.moveLaterShot': 'Reculer : plan {position}',
  'arrange.removeShot': 'Retirer le plan…',
  'arrange.removeShotTitle': 'Retirer le plan {position} ?',
  'arrange.shotLeaves':
    'Le plan {position}, avec {rounds, plural, one {# essai} other {# essais}}, quitte la liste.',
  'arrange.isTakeHint':
    'Le film utilise cet essai pour le plan. Appuyez pour revenir à l’essai le plus récent.',
  'arrange.useTakeHint': 'Utiliser cet essai pour le plan dans le film.',
  'arrange.isTake': 'Prise du plan',
  'arrange.useTake': 'Choisir comme prise',
  'arrange.up': 'Monter',
  'arrange.down': 'Descendre',
  'arrange.upRound': 'Monter : essai {position}',
  'arrange.downRound': 'Descendre : essai {position}',
  'arrange.removeRound': 'Retirer…',
  'arrange.removeRoundTitle': 'Retirer l’essai {round} du plan {shot} ?',
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

  // ── Settings and Account: keys of these screens go below this line.
  // ── end of Settings and Account.

  // ── Video workspace: keys of the round editor and the project list go below this line.
  // ── end of Video workspace.

  // ── Images workspace: keys of the finder, previews and output go below this line.
  // ── end of Images workspace.

  // ── Command line and main process: keys of their messages go below this line.
  // ── end of Command line and main process.
};
