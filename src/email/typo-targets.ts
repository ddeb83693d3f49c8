/**
 * The mailbox domains a typo is corrected towards. Hand-curated on purpose: this is a choice of
 * targets (like mailcheck's default list), not data about the world. Every entry is a domain
 * where many people really hold their personal mailbox, so a near miss of it is far more likely
 * a slip of the finger than a real domain. Keep it short: each target also widens the set of
 * real domains that sit one edit away from a suggestion.
 *
 * The entries also protect themselves: an address at a target domain is never corrected, which
 * is how hotmail.fr, yahoo.co.uk, gmx.fr or libero.it stay silent.
 */
export const typoTargetDomains: readonly string[] = [
  // Google: the largest provider; googlemail.com is its older (and German) alias.
  'gmail.com',
  'googlemail.com',
  // Microsoft: outlook.com and hotmail.com with the national variants people use most.
  'outlook.com',
  'hotmail.com',
  'msn.com',
  'hotmail.co.uk',
  'hotmail.fr',
  'hotmail.de',
  'hotmail.it',
  'hotmail.es',
  'hotmail.com.br',
  'outlook.fr',
  'outlook.de',
  'outlook.es',
  'live.co.uk',
  'live.fr',
  'live.it',
  // Yahoo, its national domains and its other brands (ymail.com is one edit from gmail.com and
  // y7mail.com one from ymail.com: listing them keeps them from being "corrected").
  'yahoo.com',
  'ymail.com',
  'y7mail.com',
  'rocketmail.com',
  'yahoo.co.uk',
  'yahoo.fr',
  'yahoo.de',
  'yahoo.it',
  'yahoo.es',
  'yahoo.ca',
  'yahoo.co.in',
  'yahoo.co.jp',
  'yahoo.com.br',
  'yahoo.com.ar',
  'yahoo.com.mx',
  // Apple and AOL.
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'aim.com',
  // Privacy-minded and paid mailbox providers, whose short names mailcheck used to "correct".
  'protonmail.com',
  'protonmail.ch',
  'proton.me',
  'pm.me',
  'tutanota.com',
  'tuta.io',
  'fastmail.com',
  'hey.com',
  'zoho.com',
  // United Internet (Germany's largest) and Deutsche Telekom.
  'gmx.de',
  'gmx.net',
  'gmx.com',
  'gmx.at',
  'gmx.ch',
  'gmx.fr',
  'web.de',
  't-online.de',
  // US and Canadian ISP mailboxes still in wide use.
  'comcast.net',
  'verizon.net',
  'att.net',
  'sbcglobal.net',
  'bellsouth.net',
  'cox.net',
  'earthlink.net',
  'optonline.net',
  'sympatico.ca',
  // UK, France, Italy, Belgium, Spain: the ISP and national providers of the larger markets.
  'btinternet.com',
  'sky.com',
  'virginmedia.com',
  'wanadoo.fr',
  'sfr.fr',
  'laposte.net',
  'libero.it',
  'virgilio.it',
  'tiscali.it',
  'telenet.be',
  'skynet.be',
  'telefonica.net',
  // Eastern Europe and Russia.
  'yandex.ru',
  'yandex.com',
  'rambler.ru',
  'seznam.cz',
  'wp.pl',
  'o2.pl',
  'onet.pl',
  'interia.pl',
  // Asia, Latin America, Oceania.
  'qq.com',
  '163.com',
  '126.com',
  'naver.com',
  'hanmail.net',
  'daum.net',
  'rediffmail.com',
  'uol.com.br',
  'bol.com.br',
  'bigpond.com',
];

/**
 * Targets whose first label is a common word: real domains sit one letter away from them
 * (mailw.com and email.com from mail.com, love.com and life.com from live.com, gmail.ru from
 * mail.ru), so only a slip in the suffix is corrected towards them (`live.con` -> `live.com`),
 * never a change of the name itself.
 */
export const typoTargetDomainsExactName: readonly string[] = [
  'mail.com',
  'email.com',
  'live.com',
  'mail.ru',
  'list.ru',
  'inbox.ru',
  'free.fr',
  'orange.fr',
];
