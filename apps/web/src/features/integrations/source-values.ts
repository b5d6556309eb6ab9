import {
  INTEGRATION_CONFIGURATION_KINDS,
  INTEGRATION_KIND_FIELDS,
  INTEGRATION_SOURCE_KINDS,
  type IntegrationBehaviourType,
  type IntegrationConfigurationField,
  type IntegrationConfigurationType,
  type IntegrationSource,
  type IntegrationSourceKind,
  type IntegrationSourceSave,
} from '@loupe/contracts';

/** What the source form holds: the kind picks the configuration fields shown (`INTEGRATION_KIND_FIELDS`). */
export type SourceFormValues = {
  Name: string;
  BehaviourType: IntegrationBehaviourType;
  Kind: IntegrationSourceKind;
} & Record<IntegrationConfigurationField, string>;

/** One configuration field as the form shows it. */
export type SourceField = {
  Field: IntegrationConfigurationField;
  /** The form refuses it empty. */
  Required: boolean;
  /** Write-only: never shown back; empty on an edit keeps the stored value. */
  Secret: boolean;
  /** A value is stored for this field, so an empty entry keeps it. */
  Stored: boolean;
};

/** The configuration type number of a kind; null for the generic webhook. */
export function configurationTypeOf(kind: IntegrationSourceKind): IntegrationConfigurationType | null {
  const entry = Object.entries(INTEGRATION_CONFIGURATION_KINDS).find(([, value]) => value === kind);
  return entry ? (Number(entry[0]) as IntegrationConfigurationType) : null;
}

/** The kinds in the order the form offers them: the generic webhook, then by configuration type number. */
export const SOURCE_KINDS: readonly IntegrationSourceKind[] = INTEGRATION_SOURCE_KINDS;

/**
 * The fields the form shows for `kind`. A secret already stored for the same kind needs no new entry, so it is
 * not required on an edit; after a change of kind every required field must be entered again.
 */
export function sourceFields(kind: IntegrationSourceKind, source?: IntegrationSource): SourceField[] {
  const sameKind = source?.Kind === kind;
  return INTEGRATION_KIND_FIELDS[kind].map(({ Field, Required, Secret }) => {
    const stored = sameKind && Secret && (Field === 'Secret' ? source.HasSecret : source[Field] !== null);
    return { Field, Required: Required && !stored, Secret, Stored: stored };
  });
}

/** The form's starting values: a new webhook source, or the source with its secret fields empty. */
export function initialSourceValues(source?: IntegrationSource): SourceFormValues {
  const kind = source?.Kind ?? 'webhook';
  const secretFields = new Set(INTEGRATION_KIND_FIELDS[kind].filter((f) => f.Secret).map((f) => f.Field));
  const shown = (field: IntegrationConfigurationField) =>
    secretFields.has(field) || field === 'Secret' ? '' : (source?.[field] ?? '');
  return {
    Name: source?.Name ?? '',
    BehaviourType: source?.BehaviourType ?? 'action',
    Kind: kind,
    Url: shown('Url'),
    Secret: '',
    Channel: shown('Channel'),
    Email: shown('Email'),
  };
}

/**
 * The body of `POST|PUT /api/integration-sources`: the kind as `Type: "webhook"` or its `ConfigurationType`, and
 * only the fields that kind takes; an empty field is sent as null, which for a secret keeps the stored one.
 */
export function sourceSaveBody(values: SourceFormValues): IntegrationSourceSave {
  const taken = new Set(INTEGRATION_KIND_FIELDS[values.Kind].map((field) => field.Field));
  const field = (name: IntegrationConfigurationField) => {
    const value = taken.has(name) ? values[name].trim() : '';
    return value === '' ? null : value;
  };
  return {
    Name: values.Name.trim(),
    BehaviourType: values.BehaviourType,
    Type: values.Kind === 'webhook' ? 'webhook' : null,
    ConfigurationType: configurationTypeOf(values.Kind),
    Url: field('Url'),
    Secret: field('Secret'),
    Channel: field('Channel'),
    Email: field('Email'),
  };
}

/**
 * What the list's secret column says: `stored` when a secret of the source's kind is kept (the signing secret or
 * bot token — `HasSecret` — or a Zapier or Teams URL, which carries its credential), `none` when one could be but
 * is not, `notApplicable` for a kind without secrets (Zendesk).
 */
export function secretState(source: IntegrationSource): 'stored' | 'none' | 'notApplicable' {
  const fields = sourceFields(source.Kind, source);
  if (!fields.some((field) => field.Secret)) return 'notApplicable';
  return source.HasSecret || fields.some((field) => field.Stored) ? 'stored' : 'none';
}
