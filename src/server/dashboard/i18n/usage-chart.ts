/** The words of the daily usage chart of an account's overview (../views/usage-chart.ts), and the verdicts the usage log shows too (../views/usage-log-page.ts). */
import { phrases } from './phrase.js';

/** A validation's verdict, as a word in a sentence or a table cell. */
export const VERDICTS = phrases({
  valid: { en: 'valid', es: 'válido', fr: 'valide', de: 'gültig', it: 'valido', pt: 'válido', nl: 'geldig', pl: 'prawidłowy' },
  invalid: { en: 'invalid', es: 'no válido', fr: 'non valide', de: 'ungültig', it: 'non valido', pt: 'inválido', nl: 'ongeldig', pl: 'nieprawidłowy' },
});

export const USAGE_CHART = phrases({
  barTitle: { en: '{day}: {field} {verdict}, {count}', es: '{day}: {field} {verdict}, {count}', fr: '{day} : {field} {verdict}, {count}', de: '{day}: {field} {verdict}, {count}', it: '{day}: {field} {verdict}, {count}', pt: '{day}: {field} {verdict}, {count}', nl: '{day}: {field} {verdict}, {count}', pl: '{day}: {field} {verdict}, {count}' },
  hatched: {
    en: "Hatched, in the field's colour: invalid verdicts",
    es: 'Rayado, en el color del campo: resultados no válidos',
    fr: 'Hachuré, dans la couleur du champ : résultats non valides',
    de: 'Schraffiert, in der Farbe des Feldes: ungültige Ergebnisse',
    it: 'Tratteggiato, nel colore del campo: esiti non validi',
    pt: 'Tracejado, na cor do campo: resultados inválidos',
    nl: 'Gearceerd, in de kleur van het veld: ongeldige uitkomsten',
    pl: 'Zakreskowane, w kolorze pola: wyniki nieprawidłowe',
  },
  byFieldAndVerdict: { en: 'Validations by field and verdict', es: 'Validaciones por campo y resultado', fr: 'Validations par champ et résultat', de: 'Validierungen nach Feld und Ergebnis', it: 'Validazioni per campo ed esito', pt: 'Validações por campo e resultado', nl: 'Validaties per veld en uitkomst', pl: 'Walidacje według pola i wyniku' },
  field: { en: 'Field', es: 'Campo', fr: 'Champ', de: 'Feld', it: 'Campo', pt: 'Campo', nl: 'Veld', pl: 'Pole' },
  validColumn: { en: 'Valid', es: 'Válidas', fr: 'Valides', de: 'Gültig', it: 'Valide', pt: 'Válidas', nl: 'Geldig', pl: 'Prawidłowe' },
  invalidColumn: { en: 'Invalid', es: 'No válidas', fr: 'Non valides', de: 'Ungültig', it: 'Non valide', pt: 'Inválidas', nl: 'Ongeldig', pl: 'Nieprawidłowe' },
  total: { en: 'Total', es: 'Total', fr: 'Total', de: 'Gesamt', it: 'Totale', pt: 'Total', nl: 'Totaal', pl: 'Razem' },
  allFields: { en: 'All fields', es: 'Todos los campos', fr: 'Tous les champs', de: 'Alle Felder', it: 'Tutti i campi', pt: 'Todos os campos', nl: 'Alle velden', pl: 'Wszystkie pola' },
  dayByDaySummary: { en: "The chart's numbers, day by day", es: 'Las cifras del gráfico, día a día', fr: 'Les chiffres du graphique, jour par jour', de: 'Die Zahlen des Diagramms, Tag für Tag', it: 'I numeri del grafico, giorno per giorno', pt: 'Os números do gráfico, dia a dia', nl: 'De cijfers van de grafiek, per dag', pl: 'Dane wykresu, dzień po dniu' },
  dayByDay: { en: 'Validations day by day', es: 'Validaciones día a día', fr: 'Validations jour par jour', de: 'Validierungen Tag für Tag', it: 'Validazioni giorno per giorno', pt: 'Validações dia a dia', nl: 'Validaties per dag', pl: 'Walidacje dzień po dniu' },
  dayUtc: { en: 'Day (UTC)', es: 'Día (UTC)', fr: 'Jour (UTC)', de: 'Tag (UTC)', it: 'Giorno (UTC)', pt: 'Dia (UTC)', nl: 'Dag (UTC)', pl: 'Dzień (UTC)' },
  title: { en: 'Validations per day, {from} to {to} (UTC)', es: 'Validaciones por día, del {from} al {to} (UTC)', fr: 'Validations par jour, du {from} au {to} (UTC)', de: 'Validierungen pro Tag, {from} bis {to} (UTC)', it: 'Validazioni al giorno, dal {from} al {to} (UTC)', pt: 'Validações por dia, de {from} a {to} (UTC)', nl: 'Validaties per dag, {from} tot en met {to} (UTC)', pl: 'Walidacje dziennie, od {from} do {to} (UTC)' },
  busiest: { en: 'Busiest day {day} with {count}.', es: 'Día con más actividad: {day}, con {count}.', fr: 'Jour le plus chargé : {day}, avec {count}.', de: 'Stärkster Tag: {day} mit {count}.', it: 'Giorno più intenso: {day}, con {count}.', pt: 'Dia com mais atividade: {day}, com {count}.', nl: 'Drukste dag: {day} met {count}.', pl: 'Dzień z największą liczbą walidacji: {day} ({count}).' },
  chartRegion: { en: 'Chart of validations per day', es: 'Gráfico de validaciones por día', fr: 'Graphique des validations par jour', de: 'Diagramm der Validierungen pro Tag', it: 'Grafico delle validazioni al giorno', pt: 'Gráfico de validações por dia', nl: 'Grafiek van validaties per dag', pl: 'Wykres walidacji dziennie' },
  byFieldAndVerdictLast: {
    en: { one: 'Validations by field and verdict, last {count} day', other: 'Validations by field and verdict, last {count} days' },
    es: { one: 'Validaciones por campo y resultado, último {count} día', other: 'Validaciones por campo y resultado, últimos {count} días' },
    fr: { one: 'Validations par champ et résultat, dernier {count} jour', other: 'Validations par champ et résultat, {count} derniers jours' },
    de: { one: 'Validierungen nach Feld und Ergebnis, letzter {count} Tag', other: 'Validierungen nach Feld und Ergebnis, letzte {count} Tage' },
    it: { one: 'Validazioni per campo ed esito, ultimo {count} giorno', other: 'Validazioni per campo ed esito, ultimi {count} giorni' },
    pt: { one: 'Validações por campo e resultado, último {count} dia', other: 'Validações por campo e resultado, últimos {count} dias' },
    nl: { one: 'Validaties per veld en uitkomst, laatste {count} dag', other: 'Validaties per veld en uitkomst, laatste {count} dagen' },
    pl: { one: 'Walidacje według pola i wyniku, ostatni {count} dzień', few: 'Walidacje według pola i wyniku, ostatnie {count} dni', many: 'Walidacje według pola i wyniku, ostatnie {count} dni', other: 'Walidacje według pola i wyniku, ostatnie {count} dnia' },
  },
  none: {
    en: { one: 'No validations in the last {count} day ({from} to {to}, UTC).', other: 'No validations in the last {count} days ({from} to {to}, UTC).' },
    es: { one: 'Ninguna validación en el último {count} día (del {from} al {to}, UTC).', other: 'Ninguna validación en los últimos {count} días (del {from} al {to}, UTC).' },
    fr: { one: 'Aucune validation le dernier {count} jour (du {from} au {to}, UTC).', other: 'Aucune validation ces {count} derniers jours (du {from} au {to}, UTC).' },
    de: { one: 'Keine Validierungen am letzten {count} Tag ({from} bis {to}, UTC).', other: 'Keine Validierungen in den letzten {count} Tagen ({from} bis {to}, UTC).' },
    it: { one: 'Nessuna validazione nell’ultimo {count} giorno (dal {from} al {to}, UTC).', other: 'Nessuna validazione negli ultimi {count} giorni (dal {from} al {to}, UTC).' },
    pt: { one: 'Nenhuma validação no último {count} dia (de {from} a {to}, UTC).', other: 'Nenhuma validação nos últimos {count} dias (de {from} a {to}, UTC).' },
    nl: { one: 'Geen validaties in de laatste {count} dag ({from} tot en met {to}, UTC).', other: 'Geen validaties in de laatste {count} dagen ({from} tot en met {to}, UTC).' },
    pl: {
      one: 'Brak walidacji w ostatnim {count} dniu (od {from} do {to}, UTC).',
      few: 'Brak walidacji w ostatnich {count} dniach (od {from} do {to}, UTC).',
      many: 'Brak walidacji w ostatnich {count} dniach (od {from} do {to}, UTC).',
      other: 'Brak walidacji w ostatnich {count} dnia (od {from} do {to}, UTC).',
    },
  },
  summary: {
    en: { one: '{count} validation in {days} days: {valid} valid, {invalid} invalid.', other: '{count} validations in {days} days: {valid} valid, {invalid} invalid.' },
    es: { one: '{count} validación en {days} días: {valid} válidas, {invalid} no válidas.', other: '{count} validaciones en {days} días: {valid} válidas, {invalid} no válidas.' },
    fr: { one: '{count} validation en {days} jours : {valid} valides, {invalid} non valides.', other: '{count} validations en {days} jours : {valid} valides, {invalid} non valides.' },
    de: { one: '{count} Validierung in {days} Tagen: {valid} gültig, {invalid} ungültig.', other: '{count} Validierungen in {days} Tagen: {valid} gültig, {invalid} ungültig.' },
    it: { one: '{count} validazione in {days} giorni: {valid} valide, {invalid} non valide.', other: '{count} validazioni in {days} giorni: {valid} valide, {invalid} non valide.' },
    pt: { one: '{count} validação em {days} dias: {valid} válidas, {invalid} inválidas.', other: '{count} validações em {days} dias: {valid} válidas, {invalid} inválidas.' },
    nl: { one: '{count} validatie in {days} dagen: {valid} geldig, {invalid} ongeldig.', other: '{count} validaties in {days} dagen: {valid} geldig, {invalid} ongeldig.' },
    pl: {
      one: '{count} walidacja w ciągu {days} dni: prawidłowe {valid}, nieprawidłowe {invalid}.',
      few: '{count} walidacje w ciągu {days} dni: prawidłowe {valid}, nieprawidłowe {invalid}.',
      many: '{count} walidacji w ciągu {days} dni: prawidłowe {valid}, nieprawidłowe {invalid}.',
      other: '{count} walidacji w ciągu {days} dni: prawidłowe {valid}, nieprawidłowe {invalid}.',
    },
  },
});
