// Issue 31, contract §10: every module's catalogue says every key in French and in Arabic, and the
// specification's French messages are said by the French catalogues word for word.
import t from 'tap'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { projectRoot as root } from '../../src/shared/project-root.js'
import { LANGUAGES, type Catalogue } from '../../src/shared/words.js'

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(name) ? [path] : []
  })
}

/** Each file that makes a catalogue (`= catalogue(`), by its path from the root: every one is checked, a new module's too. */
const making = [...sourceFiles(join(root, 'src')), ...sourceFiles(join(root, 'views'))]
  .filter((path) => /=\s*(\/\*\s*@__PURE__\s*\*\/\s*)?catalogue\(/.test(readFileSync(path, 'utf8')))
  .map((path) => relative(root, path))
  .filter((path) => !path.startsWith('src/shared/'))
  .sort()

/** What each of them exports, imported beside this test (compiled, as the test itself is). */
const files: Record<string, Record<string, unknown>> = Object.fromEntries(
  await Promise.all(making.map(async (path) => [path, (await import(new URL(`../../${path.replace(/\.tsx?$/, '.js')}`, import.meta.url).href)) as Record<string, unknown>] as const)),
)

const isCatalogue = (value: unknown): value is Catalogue<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && 'fr' in value && 'ar' in value && Object.keys(value).length === LANGUAGES.length

const catalogues = Object.entries(files).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => isCatalogue(value))
    .map(([name, value]) => ({ name: `${file} ${name}`, words: value as Catalogue<Record<string, unknown>> })),
)

t.test('every file that makes a catalogue is checked here', async (t) => {
  t.ok(making.includes('views/words.ts') && making.includes('src/modules/documents/words.ts'), 'the catalogues are found by their source')
  t.same(making.filter((path) => !Object.values(files[path]!).some(isCatalogue)), [], 'files making catalogues whose exports hold none')
  t.ok(catalogues.length >= 20, `${catalogues.length} catalogues`)
})

/** Every word of a value, where it sits: strings, the strings a function gives, arrays and groups. */
function wordsIn(value: unknown, at: string): Array<{ at: string; said: unknown }> {
  if (typeof value === 'function') {
    // A parameter that serves as a number and as a string alike (a count, a name).
    const params = Array.from({ length: value.length }, () => new String('2'))
    return wordsIn((value as (...params: unknown[]) => unknown)(...params), `${at}()`)
  }
  if (Array.isArray(value)) return value.flatMap((item, i) => wordsIn(item, `${at}[${i}]`))
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, item]) => wordsIn(item, `${at}.${key}`))
  return [{ at, said: value }]
}

t.test('every key of every catalogue has both languages, each a non-empty sentence', async (t) => {
  for (const { name, words } of catalogues) {
    const fr = wordsIn(words.fr, '')
    const ar = wordsIn(words.ar, '')
    t.same(
      ar.map(({ at }) => at),
      fr.map(({ at }) => at),
      `${name}: the same keys in French and Arabic`,
    )
    const empty = [...fr, ...ar].filter(({ said }) => typeof said !== 'string' || said.trim() === '')
    t.same(empty, [], `${name}: no empty word`)
    // Arabic is Arabic: every sentence has Arabic letters, but for names, codes and symbols kept as written.
    const untranslated = ar.filter(({ said }) => typeof said === 'string' && /[a-zé]{3}/i.test(said) && !/[\u0600-\u06FF]/.test(said))
    t.same(untranslated, [], `${name}: no Arabic word left in Latin letters`)
  }
})

/** The French words of every catalogue (a function's with sample parameters). */
const french = new Set(catalogues.flatMap(({ words }) => wordsIn(words.fr, '').map(({ said }) => String(said))))

/**
 * The specification's quoted messages of §5 and §8, as it quotes them (../shared/spec/specification.md,
 * outside the repository: where it is at hand, the test checks that this list is still its own).
 */
const SPEC_MESSAGES = [
  'Le nom est requis',
  "L' email est requis",
  'Le message est requis',
  'Le Num de télé requis',
  'Veuillez entrer un numéro de téléphone valide commençant par 0 (5/6/7) suivi de 8 chiffres.',
  'Nom d’utilisateur requis',
  'Email est requis',
  'Le nom de la société est requis',
  'Le num la télephone est requis',
  'Mot de passe est requis',
  'Confime Mot de passe requis',
  'Les mots de passe ne correspondent pas',
  "Ce mot de passe n'est pas accepter choisir autre.",
  'Email est requis',
  'Mot de passe requis',
  'Les mots de passe ne sont pas vides!',
  'Les mots de passe ne correspondent pas!',
  'Please enter your email address',
  'Mots de pass requis',
  'Ancien mots de pass requis',
  'There is no file!',
  'Type de document requis',
  'Veuillez sélectionner un fichier',
  'Nom de Type requis',
  'An unexpected error occurred',
  'Session expired, please log in again',
  'Lien Invalide !',
  'E-mail non trouvé',
  'Erreur lors de changement du votre mot de pass',
  "Erreur lors de l'ajout du type",
  'Type ajouté avec succès !',
  'Erreur lors de la suppression du type',
]

/** The quoted messages (`like this`) of a section of the specification, from its heading to the next one of its level. */
function quotedIn(spec: string, section: string): string[] {
  const start = spec.indexOf(`\n## ${section}`)
  const end = spec.indexOf('\n## ', start + 1)
  return [...spec.slice(start, end === -1 ? undefined : end).matchAll(/`([^`]+)`/g)].map(([, quoted]) => quoted!)
}

/** Quoted in the specification, but not something the portal says. */
const NOT_SHOWN: Record<string, string> = {
  // §8: the old front end's toast on a 401 of its status call; the portal's pages redirect to /login instead (contract §8).
  'Session expired, please log in again': 'no session check call in the portal',
}

const SPEC = join(root, '../shared/spec/specification.md')
t.test('the list is the specification’s own (where it is beside the repository)', async (t) => {
  if (!existsSync(SPEC)) return t.pass('no specification beside the repository: the list stands for it')
  const spec = readFileSync(SPEC, 'utf8')
  t.same([...quotedIn(spec, '5. Validation rules'), ...quotedIn(spec, '8. Error catalogue')], SPEC_MESSAGES)
})

t.test('the specification’s French messages (§5, §8) are the French catalogues’ word for word', async (t) => {
  for (const message of SPEC_MESSAGES) {
    if (message in NOT_SHOWN) continue
    t.ok(french.has(message), message)
  }
})
