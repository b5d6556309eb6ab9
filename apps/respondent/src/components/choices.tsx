import type { PublicQuestion } from '@loupe/contracts';
import type { Translate } from '../i18n';

/*
 * The choice inputs of every choice type: Standard radios or checkboxes, a Dropdown, a Range Slider, Rating Stars
 * and Image cards. Each is a native control (radio group, select, range), so keyboards and screen readers get
 * their usual behaviour; the look comes from respondent.css.
 */

type Choice = PublicQuestion['Choices'][number];

/** ChoiceType numbers (contracts `ChoiceType`): 0 Standard, 1 Dropdown, 2 Range Slider, 3 Rating Star, 4 Image. */
const DROPDOWN = 1;
const RANGE_SLIDER = 2;
const RATING_STAR = 3;
const IMAGE = 4;

type SingleProps = {
  /** Unique prefix of the inputs' ids and the radio group's name. */
  name: string;
  /** The id of the text that names the control (the question's legend or a matrix row's). */
  labelledBy: string;
  choiceType: number;
  choices: readonly Choice[];
  value: number | undefined;
  onChange: (value: number) => void;
  t: Translate;
};

/** One choice of several (MCSS, a row of MXSS or MXGD). */
export function SingleChoice(props: SingleProps) {
  const { name, labelledBy, choiceType, choices, value, onChange, t } = props;
  if (choiceType === DROPDOWN) {
    return (
      <select
        id={`${name}-select`}
        class="select"
        aria-labelledby={labelledBy}
        value={value === undefined ? '' : String(value)}
        onChange={(event) => {
          const picked = event.currentTarget.value;
          if (picked !== '') onChange(Number(picked));
        }}
      >
        <option value="" disabled>
          {t('choose')}
        </option>
        {choices.map((choice) => (
          <option key={choice.Value} value={String(choice.Value)}>
            {choice.Label}
          </option>
        ))}
      </select>
    );
  }
  if (choiceType === RANGE_SLIDER) return <RangeSlider {...props} />;
  const stars = choiceType === RATING_STAR;
  const chosenIndex = choices.findIndex((choice) => choice.Value === value);
  return (
    <div class={stars ? 'stars' : choiceType === IMAGE ? 'cards' : 'options'}>
      {choices.map((choice, index) => {
        const id = `${name}-${choice.Value}`;
        return (
          <div key={choice.Value} class={stars ? 'star' : 'option'}>
            <input
              type="radio"
              id={id}
              name={name}
              class={stars ? 'visually-hidden' : undefined}
              checked={choice.Value === value}
              onChange={() => onChange(choice.Value)}
            />
            <label for={id} class={stars && index <= chosenIndex ? 'on' : undefined}>
              {stars ? <StarLabel label={choice.Label} /> : <ChoiceLabel choice={choice} />}
            </label>
          </div>
        );
      })}
    </div>
  );
}

type MultiProps = Omit<SingleProps, 'value' | 'onChange'> & {
  values: readonly number[];
  onChange: (values: number[]) => void;
};

/** Several choices (MCMS, a row of MXMD): checkboxes (cards for Image), or a list box for a Dropdown. */
export function MultiChoice({ name, labelledBy, choiceType, choices, values, onChange }: MultiProps) {
  if (choiceType === DROPDOWN) {
    return (
      <select
        id={`${name}-select`}
        class="select"
        multiple
        size={Math.min(choices.length, 6)}
        aria-labelledby={labelledBy}
        onChange={(event) =>
          onChange([...event.currentTarget.selectedOptions].map((option) => Number(option.value)))
        }
      >
        {choices.map((choice) => (
          <option key={choice.Value} value={String(choice.Value)} selected={values.includes(choice.Value)}>
            {choice.Label}
          </option>
        ))}
      </select>
    );
  }
  // Keep the choices' order, whatever the order they were ticked in.
  const toggle = (value: number, on: boolean) =>
    onChange(choices.map((c) => c.Value).filter((v) => (v === value ? on : values.includes(v))));
  return (
    <div class={choiceType === IMAGE ? 'cards' : 'options'}>
      {choices.map((choice) => {
        const id = `${name}-${choice.Value}`;
        return (
          <div key={choice.Value} class="option">
            <input
              type="checkbox"
              id={id}
              checked={values.includes(choice.Value)}
              onChange={(event) => toggle(choice.Value, event.currentTarget.checked)}
            />
            <label for={id}>
              <ChoiceLabel choice={choice} />
            </label>
          </div>
        );
      })}
    </div>
  );
}

function ChoiceLabel({ choice }: { choice: Choice }) {
  return (
    <>
      {/* The label's text names the choice; the picture adds nothing a screen reader needs. */}
      {choice.ImageUrl && <img src={choice.ImageUrl} alt="" loading="lazy" />}
      <span>{choice.Label}</span>
    </>
  );
}

function StarLabel({ label }: { label: string }) {
  return (
    <>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
      </svg>
      <span class="visually-hidden">{label}</span>
    </>
  );
}

/**
 * A Range Slider over the choices in order. It has no answer until the respondent moves it (or releases it where
 * it stands): a slider always shows a position, so the page says plainly when it is not answered yet.
 */
function RangeSlider({ name, labelledBy, choices, value, onChange, t }: SingleProps) {
  const index = choices.findIndex((choice) => choice.Value === value);
  const position = index < 0 ? 0 : index;
  const commit = (target: HTMLInputElement) => {
    const choice = choices[Number(target.value)];
    if (choice) onChange(choice.Value);
  };
  const hintId = `${name}-hint`;
  return (
    <div class={index < 0 ? 'slider unset' : 'slider'}>
      <input
        type="range"
        id={`${name}-range`}
        min={0}
        max={Math.max(choices.length - 1, 0)}
        step={1}
        value={position}
        aria-labelledby={labelledBy}
        aria-describedby={hintId}
        aria-valuetext={index < 0 ? t('sliderUnset') : choices[index]!.Label}
        onInput={(event) => commit(event.currentTarget)}
        onPointerUp={(event) => commit(event.currentTarget)}
        onKeyUp={(event) => {
          // Only the keys that move a slider: the Tab that brought the focus here answers nothing.
          if (/^(Arrow|Home|End|Page)/.test(event.key)) commit(event.currentTarget);
        }}
      />
      <div class="slider-ends" aria-hidden="true">
        <span>{choices[0]?.Label}</span>
        <span>{choices.at(-1)?.Label}</span>
      </div>
      <p id={hintId} class="slider-value">
        {index < 0 ? t('sliderUnset') : choices[index]!.Label}
      </p>
    </div>
  );
}
