import { DEFAULT_LANGUAGE, LANGUAGES, toLanguageCode, type LanguageCode } from '@loupe/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { ErrorTextLanguage, ErrorTexts } from './error-texts';
import type auth from '../locales/en/auth.json';
import type common from '../locales/en/common.json';
import type home from '../locales/en/home.json';
import type profile from '../locales/en/profile.json';
import type shell from '../locales/en/shell.json';
import type reports from '../locales/en/reports.json';
import type filters from '../locales/en/filters.json';
import type grid from '../locales/en/grid.json';
import type validation from '../locales/en/validation.json';
import type users from '../locales/en/users.json';
import type roles from '../locales/en/roles.json';
import type clients from '../locales/en/clients.json';
import type tenants from '../locales/en/tenants.json';
import type license from '../locales/en/license.json';
import type auditLogs from '../locales/en/auditLogs.json';
import type configurations from '../locales/en/configurations.json';
import type experiences from '../locales/en/experiences.json';
import type surveys from '../locales/en/surveys.json';
import type questions from '../locales/en/questions.json';
import type widgetCatalogue from '../locales/en/widgetCatalogue.json';
import type widgetDialog from '../locales/en/widgetDialog.json';
import type widgets from '../locales/en/widgets.json';
import type widgetCharts from '../locales/en/widgetCharts.json';
import type widgetTables from '../locales/en/widgetTables.json';
import type widgetTextAnalytics from '../locales/en/widgetTextAnalytics.json';
import type widgetImpact from '../locales/en/widgetImpact.json';
import type profilerSimulation from '../locales/en/profilerSimulation.json';
import type surveyStats from '../locales/en/surveyStats.json';
import type messageText from '../locales/en/messageText.json';
import type templates from '../locales/en/templates.json';
import type surveyLinks from '../locales/en/surveyLinks.json';
import type imports from '../locales/en/imports.json';
import type optouts from '../locales/en/optouts.json';
import type ftpExports from '../locales/en/ftpExports.json';
import type aiSentimentModels from '../locales/en/aiSentimentModels.json';
import type integrations from '../locales/en/integrations.json';
import type translationScreen from '../locales/en/translations.json';
import type emailReportsScreen from '../locales/en/emailReports.json';
import type cati from '../locales/en/cati.json';
import type scheduledJobs from '../locales/en/scheduledJobs.json';
import type healthLogs from '../locales/en/healthLogs.json';
import type dataAdmin from '../locales/en/dataAdmin.json';
import type alerts from '../locales/en/alerts.json';
import type responsesAnalyzer from '../locales/en/responsesAnalyzer.json';
import type topicInsight from '../locales/en/topicInsight.json';
import type aiDatasets from '../locales/en/aiDatasets.json';
import type aiAnnotators from '../locales/en/aiAnnotators.json';
import type aiAnnotation from '../locales/en/aiAnnotation.json';
import type aiTopicModels from '../locales/en/aiTopicModels.json';
import type aiJobs from '../locales/en/aiJobs.json';
import { SIGNED_OUT_NAMESPACES } from './signed-out-namespaces';

/*
 * Catalogues live in locales/<language>/<namespace>.json. Each language, Turkish (the default) too, loads
 * when it is chosen or starts the app, together with English, which every key a language lacks reads
 * (docs/i18n.md). None is bundled: a browser in English would fetch the Turkish catalogues for nothing.
 * A language loads in two parts: the signed-out pages' namespaces first (all the sign-in page waits for), the
 * rest once the signed-in app loads (loadAllCatalogues, from the app router).
 * The error texts of the common namespace come from the contracts catalogue (lib/error-texts.ts), loaded with them.
 */

/** The console's languages (shell spec §1), Turkish first as the default. */
const LOCALES: readonly LanguageCode[] = LANGUAGES.map((language) => language.code);
export type Locale = LanguageCode;
export const DEFAULT_LOCALE: Locale = DEFAULT_LANGUAGE;

/** One namespace per feature; `common` holds the shared words, error codes and sign-in errors. */
const NAMESPACES = [
  'common',
  'shell',
  'home',
  'profile',
  'auth',
  'grid',
  'validation',
  'users',
  'roles',
  'clients',
  'tenants',
  'license',
  'auditLogs',
  'configurations',
  'experiences',
  'surveys',
  'questions',
  'reports',
  'filters',
  'widgetCatalogue',
  'widgetDialog',
  'widgets',
  'widgetCharts',
  'widgetTables',
  'widgetTextAnalytics',
  'widgetImpact',
  'surveyStats',
  'messageText',
  'templates',
  'surveyLinks',
  'imports',
  'optouts',
  'ftpExports',
  'scheduledJobs',
  'healthLogs',
  'dataAdmin',
  'alerts',
  'responsesAnalyzer',
  'profilerSimulation',
  'topicInsight',
  'aiDatasets',
  'aiAnnotators',
  'aiAnnotation',
  'aiTopicModels',
  'aiJobs',
  'aiSentimentModels',
  'integrations',
  'translations',
  'emailReports',
  'cati',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

// Each is a namespace of the catalogue (checked here).
SIGNED_OUT_NAMESPACES satisfies readonly Namespace[];
type CataloguePart = 'signedOut' | 'rest';

function partOf(namespace: string): CataloguePart {
  return (SIGNED_OUT_NAMESPACES as readonly string[]).includes(namespace) ? 'signedOut' : 'rest';
}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    fallbackNS: 'common';
    resources: {
      common: typeof common & ErrorTexts;
      shell: typeof shell;
      home: typeof home;
      profile: typeof profile;
      auth: typeof auth;
      grid: typeof grid;
      validation: typeof validation;
      users: typeof users;
      roles: typeof roles;
      clients: typeof clients;
      tenants: typeof tenants;
      license: typeof license;
      auditLogs: typeof auditLogs;
      configurations: typeof configurations;
      experiences: typeof experiences;
      surveys: typeof surveys;
      questions: typeof questions;
      reports: typeof reports;
      filters: typeof filters;
      widgetCatalogue: typeof widgetCatalogue;
      widgetDialog: typeof widgetDialog;
      widgets: typeof widgets;
      widgetCharts: typeof widgetCharts;
      widgetTables: typeof widgetTables;
      widgetTextAnalytics: typeof widgetTextAnalytics;
      widgetImpact: typeof widgetImpact;
      profilerSimulation: typeof profilerSimulation;
      surveyStats: typeof surveyStats;
      messageText: typeof messageText;
      templates: typeof templates;
      surveyLinks: typeof surveyLinks;
      imports: typeof imports;
      optouts: typeof optouts;
      ftpExports: typeof ftpExports;
      scheduledJobs: typeof scheduledJobs;
      healthLogs: typeof healthLogs;
      dataAdmin: typeof dataAdmin;
      alerts: typeof alerts;
      responsesAnalyzer: typeof responsesAnalyzer;
      topicInsight: typeof topicInsight;
      aiDatasets: typeof aiDatasets;
      aiAnnotators: typeof aiAnnotators;
      aiAnnotation: typeof aiAnnotation;
      aiTopicModels: typeof aiTopicModels;
      aiJobs: typeof aiJobs;
      aiSentimentModels: typeof aiSentimentModels;
      integrations: typeof integrations;
      translations: typeof translationScreen;
      emailReports: typeof emailReportsScreen;
      cati: typeof cati;
    };
  }
}

type Catalogue = Record<string, unknown>;

const loadable = import.meta.glob<Catalogue>('../locales/*/*.json', { import: 'default' });

function catalogueOf(file: string): { language: string; namespace: string } {
  const [, language = '', namespace = ''] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
  return { language, namespace };
}

// localStorage keys: the language the user chose, and the configuration preference of the last bootstrap.
const LOCALE_STORAGE_KEY = 'loupe.locale';
const PREFERENCE_STORAGE_KEY = 'loupe.languagePreference';

export function isLocale(value: string | null | undefined): value is Locale {
  return LOCALES.some((locale) => locale === value);
}

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * The language to start in: the configuration preference, then the saved locale, then the browser's
 * language when the console has it, then Turkish (docs/i18n.md explains why not en-us).
 */
export function chooseLocale({
  preference,
  saved,
  browser,
}: {
  preference: string | null | undefined;
  saved: string | null | undefined;
  browser: readonly string[];
}): Locale {
  return (
    toLanguageCode(preference) ??
    toLanguageCode(saved) ??
    browser.map((language) => toLanguageCode(language)).find((code) => code !== undefined) ??
    DEFAULT_LOCALE
  );
}

function initialLocale(): Locale {
  return chooseLocale({
    preference: readStorage(PREFERENCE_STORAGE_KEY),
    saved: readStorage(LOCALE_STORAGE_KEY),
    browser: typeof navigator === 'undefined' ? [] : navigator.languages,
  });
}

export function directionOf(locale: string): 'ltr' | 'rtl' {
  return LANGUAGES.find((language) => language.code === locale)?.dir ?? 'ltr';
}

function reflectOnDocument(locale: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: {},
  // Languages load on demand; a missing one is not an error.
  partialBundledLanguages: true,
  lng: DEFAULT_LOCALE,
  // Languages without their own text yet read English key by key, as the server's error catalogue does.
  fallbackLng: 'en',
  supportedLngs: LOCALES,
  ns: NAMESPACES,
  defaultNS: 'common',
  fallbackNS: 'common',
  interpolation: { escapeValue: false },
  // Re-render when catalogues or overrides arrive, not only when the language changes.
  react: { bindI18nStore: 'added' },
  // Nothing to wait for here: the catalogues are added as they load, and the app renders after i18nReady.
  initAsync: false,
});
i18n.on('languageChanged', reflectOnDocument);

/** Bootstrap's translation overrides by language, applied over the catalogues whenever those (re)load. */
const overrides = new Map<Locale, Catalogue>();
/** The parts loaded, as `language:part`. */
const loaded = new Set<string>();
/** The parts every language switch loads: the signed-out pages' until the signed-in app asks for all. */
const wanted = new Set<CataloguePart>(['signedOut']);

function applyOverrides(locale: Locale): void {
  const override = overrides.get(locale);
  if (!override) return;
  const namespaces: readonly string[] = NAMESPACES;
  const rest: Catalogue = {};
  for (const [key, value] of Object.entries(override)) {
    // A top-level key naming a namespace overrides that namespace; anything else the common one.
    if (namespaces.includes(key) && typeof value === 'object' && value !== null) {
      i18n.addResourceBundle(locale, key, value, true, true);
    } else {
      rest[key] = value;
    }
  }
  if (Object.keys(rest).length > 0) i18n.addResourceBundle(locale, 'common', rest, true, true);
}

function hasErrorTexts(locale: Locale): locale is ErrorTextLanguage {
  return locale === 'en' || locale === 'tr' || locale === 'ar';
}

/** The contracts catalogue's error texts in `locale`; none for the languages that read English's. */
async function errorTextsOf(locale: Locale): Promise<ErrorTexts | undefined> {
  if (!hasErrorTexts(locale)) return undefined;
  const { errorTexts } = await import('./error-texts');
  return errorTexts(locale);
}

/** Loads one part of a language's catalogues, once; the error texts go with the signed-out part. */
async function loadPart(locale: Locale, part: CataloguePart): Promise<void> {
  if (loaded.has(`${locale}:${part}`)) return;
  const files = Object.entries(loadable).filter(([file]) => {
    const { language, namespace } = catalogueOf(file);
    return language === locale && partOf(namespace) === part;
  });
  const [catalogues, errors] = await Promise.all([
    Promise.all(files.map(async ([file, load]) => ({ ...catalogueOf(file), catalogue: await load() }))),
    part === 'signedOut' ? errorTextsOf(locale) : undefined,
  ]);
  for (const { namespace, catalogue } of catalogues) {
    i18n.addResourceBundle(locale, namespace, catalogue, true, true);
  }
  if (errors) i18n.addResourceBundle(locale, 'common', errors, true, true);
  loaded.add(`${locale}:${part}`);
}

/** Loads the wanted parts of a language's catalogues (once) and its overrides. */
async function loadLocale(locale: Locale): Promise<void> {
  // English first: it fills whatever the language lacks.
  if (locale !== DEFAULT_LOCALE && locale !== 'en') await loadLocale('en');
  await Promise.all([...wanted].map((part) => loadPart(locale, part)));
  applyOverrides(locale);
}

async function switchTo(locale: Locale): Promise<void> {
  await loadLocale(locale);
  await i18n.changeLanguage(locale);
}

/** Resolves once the starting language's catalogues are in place; render after it to avoid a flash. */
export const i18nReady: Promise<void> = switchTo(initialLocale()).catch(() => switchTo(DEFAULT_LOCALE));

/**
 * Loads every namespace of the language in use, and of each language chosen from now on: the signed-in app
 * (its router waits for this before its first page) reads them all.
 */
export async function loadAllCatalogues(): Promise<void> {
  wanted.add('rest');
  await i18nReady;
  await loadLocale(currentLocale());
}

/** The language in use, as sent in the `Language` header and the bootstrap path. */
export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

/** The user's own choice (the language switch): remembered on this device. */
export async function changeLocale(locale: Locale): Promise<void> {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private windows may refuse storage; the language still changes for this page.
  }
  await switchTo(locale);
}

/**
 * Applies bootstrap's language settings: the configuration preference wins over the saved locale (shell
 * spec §1) and is remembered so the next visit starts in it; the overrides (`[{ Language, Value }]`, Value a
 * JSON text of catalogue keys) are merged over the catalogues, deep.
 */
export async function applyBootstrapLanguage({
  preference,
  translations,
}: {
  preference: string | null;
  translations: readonly { Language: string; Value: string }[];
}): Promise<void> {
  overrides.clear();
  for (const { Language, Value } of translations) {
    const locale = toLanguageCode(Language);
    if (!locale) continue;
    try {
      const parsed: unknown = JSON.parse(Value);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
        overrides.set(locale, { ...overrides.get(locale), ...(parsed as Catalogue) });
      }
    } catch {
      // A malformed override must not keep the console from starting; the catalogue text stays.
    }
  }
  for (const locale of overrides.keys()) {
    if (loaded.has(`${locale}:signedOut`)) applyOverrides(locale);
  }

  const preferred = toLanguageCode(preference);
  try {
    if (preferred) localStorage.setItem(PREFERENCE_STORAGE_KEY, preferred);
    else localStorage.removeItem(PREFERENCE_STORAGE_KEY);
  } catch {
    // See changeLocale.
  }
  if (preferred && preferred !== currentLocale()) await switchTo(preferred);
}
