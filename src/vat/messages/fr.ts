/** French templates of the VAT field (src/messages/languages/fr.ts says how this language is written). */
import type { FieldMessages } from '../../fields/manifest.js';
import { outsideViesList } from '../outside-vies.js';
import type { messageFacts } from './facts.js';

export const messages: FieldMessages<typeof messageFacts> = {
  VAT_EMPTY: 'Veuillez saisir un numéro de TVA intracommunautaire, précédé du code pays à deux lettres',
  VAT_MISSING_PREFIX: 'Commencez le numéro de TVA par le code pays à deux lettres (ex. : FR, DE, ou EL pour la Grèce)',
  VAT_GREEK_PREFIX: 'Les numéros de TVA grecs commencent par EL, et non GR : saisissez EL suivi des 9 chiffres',
  VAT_UNKNOWN_PREFIX:
    '{code} n’est pas un préfixe de TVA pris en charge : utilisez celui d’un État membre de l’UE (EL pour la Grèce), ' +
    'XI pour l’Irlande du Nord, ou ' + outsideViesList('ou'),
  VAT_WRONG_FORMAT: 'Format de numéro de TVA invalide ({country})',
  VAT_BAD_CHECKSUM: 'La clé de ce numéro de TVA ({country}) est incorrecte : vérifiez le numéro',
  VAT_ALL_ZEROS: 'Un numéro composé uniquement de zéros n’est pas un vrai numéro de TVA ({country})',
  VAT_NOT_REGISTERED: 'Ce numéro de TVA n’est pas enregistré dans VIES ({country})',
  VAT_NOT_REGISTERED_STALE:
    'Ce numéro de TVA n’était pas enregistré dans VIES ({country}) lors de la dernière vérification, le {date} ; ' +
    'VIES est injoignable pour le moment',
  VAT_WELL_FORMED: 'Numéro de TVA bien formé ({country}) ; son immatriculation n’a pas été confirmée',
  VAT_OUTSIDE_VIES: 'Numéro de TVA bien formé ({country}) ; VIES ne couvrant pas ce pays, son immatriculation ne peut être confirmée',
  VAT_REGISTERED: 'Numéro de TVA valide, enregistré dans VIES',
  VAT_REGISTERED_STALE: 'Numéro de TVA valide, enregistré dans VIES lors de la dernière vérification, le {date} ; VIES est injoignable pour le moment',
  VAT_UNVERIFIED: 'Numéro de TVA bien formé, mais VIES n’a pas pu confirmer son immatriculation pour le moment',
  VAT_REGISTRY_REGISTERED: 'Numéro de TVA valide, enregistré au registre {registry}',
  VAT_REGISTRY_REGISTERED_STALE:
    'Numéro de TVA valide, enregistré au registre {registry} lors de la dernière vérification, le {date} ; le registre est injoignable pour le moment',
  VAT_REGISTRY_NOT_REGISTERED: 'Ce numéro de TVA n’est pas enregistré au registre {registry}',
  VAT_REGISTRY_NOT_REGISTERED_STALE:
    'Ce numéro de TVA n’était pas enregistré au registre {registry} lors de la dernière vérification, le {date} ; le registre est injoignable pour le moment',
  VAT_REGISTRY_NOT_VAT_REGISTERED: 'Ce numéro figure au registre {registry}, mais n’est pas immatriculé à la TVA',
  VAT_REGISTRY_UNVERIFIED:
    'Numéro de TVA bien formé, mais le registre {registry} n’a pas pu confirmer son immatriculation pour le moment',
};
