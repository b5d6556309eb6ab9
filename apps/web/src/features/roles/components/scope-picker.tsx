import { compareScopeNames, type Scope } from '@loupe/contracts';
import { Checkbox, Empty, Input, Spin, Switch, Typography } from 'antd';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './roles.module.css';
import { useScopeDescription } from '@/lib/scope-description';

type Props = {
  /** Every scope that may be chosen (from `/api/authScopes`). */
  scopes: readonly Scope[];
  /** The antd Form.Item value and change handler. */
  value?: Scope[];
  onChange?: (value: Scope[]) => void;
  disabled?: boolean;
  /** The scope list is still loading. */
  loading?: boolean;
  id?: string;
};

/**
 * The scopes of a role: a searchable list of checkboxes sorted by name, each with its translated description
 * (shell spec §6). The search matches the name or the description.
 */
export function ScopePicker({ scopes, value = [], onChange, disabled, loading, id }: Props) {
  const { t, i18n } = useTranslation('roles');
  const { t: tCommon } = useTranslation();
  const describe = useScopeDescription();
  const [term, setTerm] = useState('');
  const [onlySelected, setOnlySelected] = useState(false);
  const countId = useId();

  const sorted = useMemo(() => [...scopes].sort(compareScopeNames), [scopes]);
  const chosen = new Set(value);
  const needle = term.trim().toLocaleLowerCase(i18n.language);
  const shown = sorted.filter(
    (scope) =>
      (!onlySelected || chosen.has(scope)) &&
      (needle === '' ||
        scope.toLocaleLowerCase(i18n.language).includes(needle) ||
        describe(scope).toLocaleLowerCase(i18n.language).includes(needle)),
  );

  const toggle = (scope: Scope, checked: boolean) => {
    const next = checked ? [...value, scope] : value.filter((held) => held !== scope);
    onChange?.(next.sort(compareScopeNames));
  };

  return (
    <div className={styles.picker} id={id}>
      <div className={styles.pickerBar}>
        <Input.Search
          className={styles.pickerSearch}
          allowClear
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          placeholder={t('scopePicker.search')}
          aria-label={t('scopePicker.search')}
        />
        <label>
          <Switch size="small" checked={onlySelected} onChange={setOnlySelected} />{' '}
          {t('scopePicker.onlySelected')}
        </label>
        <Typography.Text type="secondary" id={countId} aria-live="polite">
          {t('scopePicker.selected', { count: value.length, total: sorted.length })}
        </Typography.Text>
      </div>
      {loading ? (
        <Spin description={tCommon('common.loading')} />
      ) : shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('scopePicker.empty')} />
      ) : (
        <div
          className={styles.scopeList}
          role="group"
          aria-label={t('fields.scopes')}
          aria-describedby={countId}
        >
          {shown.map((scope) => (
            <Checkbox
              key={scope}
              className={styles.scope}
              checked={chosen.has(scope)}
              disabled={disabled}
              onChange={(event) => toggle(scope, event.target.checked)}
            >
              <span className={styles.scopeText}>
                <span className={styles.scopeName}>{scope}</span>
                <span className={styles.scopeDescription}>{describe(scope)}</span>
              </span>
            </Checkbox>
          ))}
        </div>
      )}
    </div>
  );
}
