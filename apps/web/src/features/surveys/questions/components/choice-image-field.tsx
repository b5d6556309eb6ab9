import { PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { readDataUrl, useChoiceImage } from '../api/get-choice-image';
import { choiceImageProblem } from '../question-values';
import styles from './question-form.module.css';

type ChoiceImageFieldProps = {
  /** The newly picked picture (a data URL), from the form. */
  value?: string;
  onChange?: (value: string | undefined) => void;
  /** The stored picture's API path. */
  imageUrl: string | null;
  position: number;
};

/**
 * An Image choice's picture: a thumbnail (the new one, else the stored one) and an upload button. A file that is
 * not PNG, JPEG, GIF or WebP or is over 512 KB is refused here with the server's words (4028).
 */
export function ChoiceImageField({ value, onChange, imageUrl, position }: ChoiceImageFieldProps) {
  const { t } = useTranslation('questions');
  const { t: tCommon } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const stored = useChoiceImage(value === undefined ? imageUrl : null);
  const shown = value ?? stored;

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file can be picked again after a refusal.
    event.target.value = '';
    if (!file) return;
    const refusal = choiceImageProblem(file);
    if (refusal !== null) {
      setProblem(tCommon(`errorCodes.${refusal}`));
      return;
    }
    setProblem(null);
    onChange?.(await readDataUrl(file));
  };

  return (
    <div className={styles.imageField}>
      {shown ? (
        <img className={styles.thumbnail} src={shown} alt={t('choices.imageAlt', { position })} />
      ) : (
        <span className={styles.thumbnail} role="img" aria-label={t('choices.noImage')}>
          <PictureOutlined aria-hidden="true" />
        </span>
      )}
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        style={{ display: 'none' }}
        tabIndex={-1}
        aria-hidden="true"
        data-choice-image={position}
        onChange={(event) => void pick(event)}
      />
      <Button
        icon={<UploadOutlined aria-hidden="true" />}
        aria-label={t('choices.imageUpload', { position })}
        title={t('choices.imageUpload', { position })}
        aria-describedby={problem ? errorId : undefined}
        onClick={() => input.current?.click()}
      />
      {problem && (
        <Typography.Text type="danger" id={errorId} role="alert" className={styles.imageProblem}>
          {problem}
        </Typography.Text>
      )}
    </div>
  );
}
