import type { PublicQuestion } from '@loupe/contracts';
import { useState } from 'preact/hooks';
import type { Translate } from '../i18n';

type Props = {
  name: string;
  choices: PublicQuestion['Choices'];
  /** The saved order, or undefined while the respondent has not ranked yet. */
  values: readonly number[] | undefined;
  onChange: (values: number[]) => void;
  t: Translate;
};

/**
 * A ranking (a row of MXRO): every choice in order, moved with buttons rather than by dragging, so a keyboard and
 * a screen reader rank as easily as a finger. Each move is the answer; "Keep this order" accepts the order shown.
 */
export function Ranking({ name, choices, values, onChange, t }: Props) {
  const [announcement, setAnnouncement] = useState('');
  const order = values ?? choices.map((choice) => choice.Value);
  const labelOf = (value: number) => choices.find((choice) => choice.Value === value)?.Label ?? String(value);

  const move = (from: number, to: number) => {
    const next = [...order];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    onChange(next);
    setAnnouncement(t('rankMoved', { label: labelOf(moved!), position: to + 1 }));
    // The moved item's same button keeps the focus when it still exists, so a key can be pressed again.
    requestAnimationFrame(() => {
      const direction = to < from ? 'up' : 'down';
      const target =
        document.getElementById(`${name}-${moved}-${direction}`) ??
        document.getElementById(`${name}-${moved}-${direction === 'up' ? 'down' : 'up'}`);
      target?.focus();
    });
  };

  return (
    <div class="ranking">
      <ol>
        {order.map((value, index) => (
          <li key={value}>
            <span class="rank">{index + 1}</span>
            <span class="rank-label">{labelOf(value)}</span>
            {/* An empty slot keeps the buttons in their columns at the list's ends. */}
            {index === 0 && <span class="icon-slot" />}
            {index > 0 && (
              <button
                type="button"
                id={`${name}-${value}-up`}
                class="icon-button"
                aria-label={t('rankUp', { label: labelOf(value) })}
                onClick={() => move(index, index - 1)}
              >
                <span aria-hidden="true">↑</span>
              </button>
            )}
            {index < order.length - 1 && (
              <button
                type="button"
                id={`${name}-${value}-down`}
                class="icon-button"
                aria-label={t('rankDown', { label: labelOf(value) })}
                onClick={() => move(index, index + 1)}
              >
                <span aria-hidden="true">↓</span>
              </button>
            )}
            {index === order.length - 1 && <span class="icon-slot" />}
          </li>
        ))}
      </ol>
      <button
        type="button"
        class="link-button"
        onClick={() => {
          onChange([...order]);
          setAnnouncement(t('rankKept'));
        }}
      >
        {t('rankKeep')}
      </button>
      <p class="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
