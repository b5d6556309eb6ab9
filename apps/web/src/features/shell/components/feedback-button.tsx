import { CommentOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeedbackInvitation } from '../api/check-feedback-survey';
import { useFeedbackSurvey } from '../hooks/use-feedback-survey';
import styles from './top-bar.module.css';

/**
 * The feedback button (shell spec §2): shown only after the check answered 200; opens the product's own
 * survey in a dialog, with the same invitation token each time, and hides once the survey is finished (the
 * dialog stays open so the respondent sees the survey's closing page).
 */
export function FeedbackButton({ userId, compact }: { userId: number; compact: boolean }) {
  const { t } = useTranslation('shell');
  const { invitation } = useFeedbackSurvey(userId);
  const [shown, setShown] = useState<FeedbackInvitation | null>(null);

  return (
    <>
      {invitation && (
        <Button
          icon={<CommentOutlined />}
          onClick={() => setShown(invitation)}
          aria-label={t('topBar.feedback')}
        >
          {!compact && t('topBar.feedback')}
        </Button>
      )}
      <Modal
        open={shown !== null}
        title={t('topBar.feedbackTitle')}
        footer={null}
        onCancel={() => setShown(null)}
        width={720}
        destroyOnHidden
      >
        {shown && (
          <iframe className={styles.survey} src={shown.SurveyUrl} title={t('topBar.feedbackTitle')} />
        )}
      </Modal>
    </>
  );
}
