import { ExportOutlined, TranslationOutlined } from '@ant-design/icons';
import { sentimentChip } from '@loupe/contracts';
import { Button, Tag, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHref } from 'react-router';
import { LaterRelease } from '@/components/later-release';
import { useIsBuiltPath } from '@/lib/built-screens';
import {
  commentDate,
  commentTexts,
  languageName,
  responsesAnalyzerPath,
  sentimentTagColor,
  type CommentItem,
} from './comments-display';
import styles from './comments-view.module.css';

/*
 * One comment of the comment highlights widget (reports spec §2 "comment highlights"): its sentiment chip,
 * survey and date, the text as written with a per-comment switch to its translation (only when it has one), its
 * topic tags (coloured by the topic's own sentiment) and emotion tags, and for users who may read responses a
 * link opening the respondent's responses in a new tab (disabled, with a "later release" tooltip, until the
 * responses analyzer is built).
 */
export function CommentCard({
  item,
  small,
  canOpen,
}: {
  item: CommentItem;
  /** The widget is 3 units wide or less: a denser card. */
  small: boolean;
  /** The user holds a scope of the responses analyzer (reports spec §6). */
  canOpen: boolean;
}) {
  const { t, i18n } = useTranslation('widgetTextAnalytics');
  const textId = useId();
  const [translated, setTranslated] = useState(false);
  const texts = commentTexts(item);
  const shown = translated && texts.translation ? texts.translation : texts.original;
  const fromLanguage = languageName(texts.original.language, i18n.language);
  const chip = sentimentChip(item.SentimentScore);
  const sentiment = t(`comments.sentiment.${chip}`);
  const date = commentDate(item.CreatedDate);
  const href = useHref(responsesAnalyzerPath(item.InviteeId));
  const isBuiltPath = useIsBuiltPath();
  const openLabel = t('comments.openResponseLabel', { survey: item.SurveyTitle, date });
  const source = item.Source
    ? t(`comments.source.${item.Source}` as 'comments.source.survey', { defaultValue: item.Source })
    : null;

  return (
    <li className={small ? `${styles.item} ${styles.itemSmall}` : styles.item}>
      <div className={styles.meta}>
        <Tag
          color={sentimentTagColor(item.SentimentScore)}
          className={styles.chip}
          aria-label={t('comments.sentimentLabel', { sentiment })}
        >
          {sentiment}
        </Tag>
        {item.SurveyTitle && (
          <span className={styles.survey} dir="auto">
            {item.SurveyTitle}
          </span>
        )}
        {date && <time dateTime={item.CreatedDate}>{date}</time>}
        {source && !small && <span className={styles.source}>{source}</span>}
      </div>
      {/* A comment reads in its own direction (a Turkish comment on an Arabic page, and the other way round). */}
      <p id={textId} className={styles.text} lang={shown.language ?? undefined} dir="auto">
        {shown.text}
      </p>
      {translated && texts.translation && fromLanguage && (
        <Typography.Text type="secondary" className={styles.translatedFrom}>
          {t('comments.translatedFrom', { language: fromLanguage })}
        </Typography.Text>
      )}
      {(item.Topics.length > 0 || item.Emotions.length > 0) && (
        <div className={styles.tags}>
          {item.Topics.length > 0 && (
            <ul className={styles.tagList} aria-label={t('comments.topics')}>
              {item.Topics.map((topic) => (
                <li key={`topic-${topic.Id}`}>
                  <Tag
                    color={sentimentTagColor(topic.SentimentScore)}
                    variant="outlined"
                    className={styles.tag}
                    title={`${topic.Name} · ${t(`comments.sentiment.${sentimentChip(topic.SentimentScore)}`)}`}
                  >
                    {topic.Name}
                  </Tag>
                </li>
              ))}
            </ul>
          )}
          {item.Emotions.length > 0 && (
            <ul className={styles.tagList} aria-label={t('comments.emotions')}>
              {item.Emotions.map((emotion) => (
                <li key={`emotion-${emotion.Id}`}>
                  <Tag color="purple" variant="filled" className={styles.tag}>
                    {emotion.Name}
                  </Tag>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {(texts.translation || canOpen) && (
        <div className={styles.actions}>
          {texts.translation && (
            <Button
              type="link"
              size="small"
              className={styles.action}
              icon={<TranslationOutlined aria-hidden="true" />}
              aria-pressed={translated}
              aria-controls={textId}
              onClick={() => setTranslated((now) => !now)}
            >
              {translated ? t('comments.showOriginal') : t('comments.showTranslation')}
            </Button>
          )}
          {canOpen && isBuiltPath(responsesAnalyzerPath(item.InviteeId)) && (
            <a
              className={styles.open}
              href={href}
              target="_blank"
              // The console's own page: `opener` lets the new tab start with this tab's sessionStorage copy, so a
              // sign-in kept per tab (TokenStorage "session") comes along; a noopener tab would ask to sign in again.
              rel="opener"
              aria-label={openLabel}
            >
              <ExportOutlined aria-hidden="true" />
              {t('comments.openResponse')}
            </a>
          )}
          {canOpen && !isBuiltPath(responsesAnalyzerPath(item.InviteeId)) && (
            <LaterRelease label={openLabel}>
              <Button type="link" size="small" className={styles.action} icon={<ExportOutlined />} disabled>
                {t('comments.openResponse')}
              </Button>
            </LaterRelease>
          )}
        </div>
      )}
    </li>
  );
}
