/**
 * Common weak passwords, generated once in code (spec §5 rule 8): base words × capitalisation ×
 * leetspeak × usual suffixes, plus the classic top list. Entries are lower-cased; the check is
 * a Set lookup on the lower-cased candidate, so it is O(1) and case-insensitive.
 */

/** Classic top weak passwords, as typed (many pass the policy only through the generator). */
const CLASSICS = [
  '123456', '123456789', '12345678', 'password', 'qwerty', '12345', 'qwerty123', '1q2w3e', '1q2w3e4r', '1q2w3e4r5t',
  '111111', '1234567', '1234567890', '000000', 'abc123', 'password1', 'iloveyou', '123123', 'admin', 'welcome',
  'monkey', 'dragon', 'letmein', 'football', 'baseball', 'sunshine', 'princess', 'master', 'shadow', 'superman',
  'trustno1', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'p@$$w0rd', 'pa$$word', 'pa$$w0rd', 'azerty', 'azerty123', 'azertyuiop',
  'qwertyuiop', 'motdepasse', 'm0td3p@ss3', 'soleil', 'doudou', 'loulou', 'chouchou', 'marseille', 'nicolas', 'jetaime',
  'zxcvbnm', 'asdfghjkl', 'qazwsx', '1qaz2wsx', '1qaz@wsx', '!qaz2wsx', 'zaq12wsx', 'zaq1@wsx', 'q1w2e3r4', 'a1b2c3d4',
  'changeme', 'secret', 'root', 'toor', 'administrator', 'guest', 'login', 'access', 'starwars', 'pokemon',
  'P@ssw0rd!', 'P@ssword1', 'Password1!', 'Password123!', 'Welcome1!', 'Welcome123!', 'Admin123!', 'Admin@123', 'Qwerty123!', 'Azerty123!',
  'Abcd1234!', 'Abc123!@#', 'Aa123456!', 'Aa@123456', 'Test123!', 'Test@123', 'Pass@123', 'Pass@word1', 'Passw0rd!', 'Motdepasse1!',
  'Azerty@123', 'Azerty1!', 'Qwerty1!', 'Qwerty@123', 'Changeme1!', 'Letmein1!', 'Iloveyou1!', 'Master123!', 'Dragon123!', 'Monkey123!',
]

/** Words people build passwords on: generic, French, French keyboard and local (Algeria). */
const BASE_WORDS = [
  // generic
  'password', 'passw0rd', 'pass', 'admin', 'administrator', 'welcome', 'letmein', 'qwerty', 'iloveyou', 'master',
  'dragon', 'monkey', 'sunshine', 'princess', 'football', 'baseball', 'superman', 'batman', 'shadow', 'secret',
  'login', 'user', 'test', 'guest', 'changeme', 'default', 'abc', 'abcd', 'abcdef', 'hello', 'love', 'freedom',
  'qwertyuiop', 'asdfgh', 'zxcvbn', 'qazwsx', 'computer', 'internet', 'google', 'facebook', 'samsung', 'apple',
  // French and French keyboard
  'azerty', 'azertyuiop', 'azer', 'qsdfgh', 'wxcvbn', 'motdepasse', 'mdp', 'bonjour', 'soleil', 'jetaime',
  'amour', 'chocolat', 'doudou', 'loulou', 'chouchou', 'coucou', 'bienvenue', 'salut', 'france', 'paris',
  'marseille', 'lyon', 'compta', 'comptable', 'comptabilite', 'cabinet', 'audit', 'banque', 'entreprise', 'societe',
  'client', 'bureau', 'travail', 'secretaire', 'directeur', 'gerant', 'expert', 'finance', 'fiscal', 'portail',
  // local: Algeria
  'algerie', 'algeria', 'algerien', 'algerienne', 'dz', 'dzair', 'djazair', 'eldjazair', 'aldjazair', 'alger',
  'algiers', 'oran', 'wahran', 'constantine', 'annaba', 'blida', 'setif', 'tlemcen', 'bejaia', 'bejaia',
  'batna', 'biskra', 'tizi', 'tiziouzou', 'kabylie', 'ghardaia', 'ouargla', 'skikda', 'chlef', 'mostaganem',
  'bismillah', 'bismilah', 'allah', 'allahuakbar', 'mohamed', 'mohammed', 'muhammad', 'ahmed', 'ali', 'omar',
  'fatima', 'amina', 'yasmine', 'karim', 'samir', 'sofiane', 'yacine', 'amine', 'walid', 'nadia',
  'ramadan', 'ramadhan', 'eid', 'aid', 'inchallah', 'inshallah', 'mashallah', 'hamdoulah', 'alhamdulillah', 'salam',
  'assalam', 'habibi', 'mouloudia', 'mca', 'jsk', 'usma', 'crb', 'fennecs', 'mahrez', 'sonatrach',
  'djezzy', 'mobilis', 'ooredoo', 'nedjma', 'sahara', 'casbah', 'hogar', 'kabyle', 'amazigh', 'tahya',
  '213', 'dz213', 'algerie213', 'vivalalgerie', 'onetwothree', 'onetwothreeviva',
]

/** Recent years, alone or followed by a symbol (Algerie2024!, Oran2025@…). */
const YEARS = Array.from({ length: 8 }, (_, i) => String(2019 + i))
const SUFFIXES = [
  '', '1', '12', '123', '1234', '12345', '123456', '01', '007', '2000', '1990', '1995', '16', '16!', '31', '31!',
  '!', '@', '#', '$', '*', '.', '1!', '1@', '12!', '123!', '123@', '123#', '123$', '123*', '1234!', '12345!',
  '@123', '#123', '!123', '!@#', '123!@#', '@1', '#1', '_123', '.123', '213', '213!', '@213',
  ...YEARS.flatMap((year) => [year, `${year}!`, `${year}@`, `${year}#`, `${year}*`, `${year}.`, `@${year}`]),
]

const LEET: Record<string, string[]> = { a: ['@', '4'], e: ['3'], i: ['1', '!'], o: ['0'], s: ['$', '5'], t: ['7'] }

/** Leetspeak spellings of a word: none, all substitutions, and the common single ones. */
function leetVariants(word: string): string[] {
  const variants = new Set([word])
  let all = word
  for (const [letter, replacements] of Object.entries(LEET)) {
    all = all.replaceAll(letter, replacements[0]!)
    for (const replacement of replacements) variants.add(word.replaceAll(letter, replacement))
  }
  variants.add(all)
  variants.add(word.replaceAll('a', '@').replaceAll('o', '0'))
  variants.add(word.replaceAll('a', '@').replaceAll('o', '0').replaceAll('s', '$'))
  variants.add(word.replaceAll('o', '0').replaceAll('e', '3'))
  return [...variants]
}

/**
 * Every weak password, lower-cased (capitalisation variants collapse under the case-insensitive check):
 * the list's definition, which `isListedWeakPassword` answers for without making it (the tests compare them).
 */
export function generateWeakPasswords(): Set<string> {
  const list = new Set<string>(CLASSICS.map((p) => p.toLowerCase()))
  for (const base of BASE_WORDS) {
    for (const word of leetVariants(base)) {
      for (const suffix of SUFFIXES) {
        list.add(word + suffix)
        if (suffix && /^[0-9]+$/.test(suffix)) list.add(suffix + word)
      }
    }
  }
  return list
}

let listed: { classics: Set<string>; words: Set<string>; numeric: string[] } | undefined

/**
 * Whether a lower-cased password is in `generateWeakPasswords()`'s list, without making it: the list
 * is the classics and every word variant with a suffix after it (or a numeric one before it), so the
 * candidate is looked up with each suffix taken off. Making the list's 123,000 entries cost 80 ms of
 * CPU and about 10 MB of memory in every process that checked a password; the words are a few hundred.
 */
export function isListedWeakPassword(lower: string): boolean {
  listed ??= {
    classics: new Set(CLASSICS.map((p) => p.toLowerCase())),
    words: new Set(BASE_WORDS.flatMap(leetVariants)),
    numeric: SUFFIXES.filter((suffix) => /^[0-9]+$/.test(suffix)),
  }
  const { classics, words, numeric } = listed
  if (classics.has(lower)) return true
  if (SUFFIXES.some((suffix) => lower.endsWith(suffix) && words.has(lower.slice(0, lower.length - suffix.length)))) return true
  return numeric.some((suffix) => lower.startsWith(suffix) && words.has(lower.slice(suffix.length)))
}

/** The list, then the shapes of guessable passwords. */
export function isWeakPassword(password: string): boolean {
  return isListedWeakPassword(password.toLowerCase()) || looksGuessable(password)
}

const KEYBOARD_RUNS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm', 'azertyuiop', 'qsdfghjklm', 'wxcvbn', 'abcdefghijklmnopqrstuvwxyz', '1234567890', '0987654321']
const SEASONS_AND_MONTHS = [
  'spring', 'summer', 'autumn', 'fall', 'winter', 'printemps', 'ete', 'automne', 'hiver',
  'january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december',
  'janvier', 'fevrier', 'mars', 'avril', 'mai', 'juin', 'juillet', 'aout', 'septembre', 'octobre', 'novembre', 'decembre',
  'ramadan', 'aid', 'eid',
]
/** The firm's own names (src/modules/catalog/content.ts): the first words an attacker of this portal tries. */
const FIRM_WORDS = ['benali', 'karim', 'karimbenali', 'cabinetbenali', 'didouche', 'mourad', 'didouchemourad']
const LEET_BACK: Record<string, string> = { '@': 'a', '4': 'a', '3': 'e', '1': 'i', '!': 'i', '0': 'o', '$': 's', '5': 's', '7': 't' }
let guessableWords: Set<string> | undefined

/**
 * One word dressed up: a keyboard or alphabet run, a season or month, the firm's names or a
 * common base word, with digits and symbols around it (Qwer1234!, Summer2024!, Benali2025!);
 * or hardly any distinct characters (Aa1!aaaa, Aaaaaaa1!). Issue 9, finding 9.
 */
export function looksGuessable(password: string): boolean {
  const lower = password.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()
  if (new Set(lower).size <= 4) return true
  // The core: the password without its leading and trailing digits and symbols, leetspeak undone.
  const core = lower.replace(/^[^a-z]+|[^a-z]+$/g, '').replace(/[@4310!$57]/g, (c) => LEET_BACK[c]!)
  if (!/^[a-z]+$/.test(core)) return false
  guessableWords ??= new Set([...SEASONS_AND_MONTHS, ...FIRM_WORDS, ...BASE_WORDS])
  if (guessableWords.has(core)) return true
  return core.length >= 3 && KEYBOARD_RUNS.some((run) => run.includes(core) || [...run].reverse().join('').includes(core))
}
