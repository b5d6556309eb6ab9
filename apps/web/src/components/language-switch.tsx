import { CheckOutlined, GlobalOutlined } from '@ant-design/icons';
import { LANGUAGES } from '@loupe/contracts';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale, currentLocale, isLocale } from '../lib/i18n';
import { PlainButton } from './plain/plain-button';
import styles from './language-switch.module.css';

/** Arrow keys move between the languages, as in any menu. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>): void {
  const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
  if (!step) return;
  event.preventDefault();
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  const index = items.indexOf(document.activeElement as HTMLElement);
  items[(index + step + items.length) % items.length]?.focus();
}

/**
 * The language list (shell spec §1): the 12 languages, each named in itself, in a panel under the button.
 * Plain React, drawn like antd's text button and popover: the sign-in page shows it and loads no antd. Escape
 * or a click elsewhere closes it. `compact` shows the icon only, for narrow top bars.
 */
export function LanguageSwitch({ compact = false, id }: { compact?: boolean; id?: string }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const current = isLocale(i18n.language) ? i18n.language : currentLocale();
  const currentName = LANGUAGES.find((language) => language.code === current)?.name;

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const closeOnEscape = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    root.current?.querySelector<HTMLElement>('[aria-haspopup]')?.focus();
  };

  return (
    <div className={styles.switch} ref={root} onKeyDown={closeOnEscape}>
      <PlainButton
        id={id}
        variant="text"
        icon={<GlobalOutlined />}
        aria-label={t('language.label')}
        aria-haspopup="menu"
        aria-expanded={open}
        title={t('language.choose')}
        onClick={() => setOpen(!open)}
      >
        {!compact && <span lang={current}>{currentName}</span>}
      </PlainButton>
      {open && (
        <div role="menu" aria-label={t('language.label')} className={styles.list} onKeyDown={moveFocus}>
          {LANGUAGES.map((language) => (
            <PlainButton
              key={language.code}
              role="menuitem"
              variant="text"
              block
              className={styles.option}
              aria-current={language.code === current ? 'true' : undefined}
              autoFocus={language.code === current}
              onClick={() => {
                setOpen(false);
                void changeLocale(language.code);
              }}
            >
              <span className={styles.name}>
                <span lang={language.code} dir={language.dir}>
                  {language.name}
                </span>
                {language.code === current && <CheckOutlined className={styles.check} aria-hidden />}
              </span>
            </PlainButton>
          ))}
        </div>
      )}
    </div>
  );
}
