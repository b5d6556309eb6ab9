import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Brand } from '@/components/brand';
import { LanguageSwitch } from '@/components/language-switch';
import { usePageTitle } from '@/lib/page-title';
import styles from './error-page.module.css';

type ErrorPageProps = {
  status: '404' | '403';
  title: string;
  text: string;
};

/** A full-page explanation with a way home and, when there is one, a way back. */
export function ErrorPage({ status, title, text }: ErrorPageProps) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  // 'default' is the key of the first page of this tab's history: there is nothing to go back to.
  const canGoBack = location.key !== 'default';
  usePageTitle(title);

  return (
    <main className={styles.page}>
      <div className={styles.brand}>
        <Link to="/" aria-label={t('errorPages.home')}>
          <Brand />
        </Link>
      </div>
      <div className={styles.language}>
        <LanguageSwitch />
      </div>
      <Result
        status={status}
        title={<h1 className={styles.title}>{title}</h1>}
        subTitle={text}
        extra={[
          <Button
            key="home"
            type="primary"
            href="/"
            onClick={(event) => {
              // A link for the browser (new tab, copy address), a client-side navigation on a plain click.
              if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
              event.preventDefault();
              void navigate('/');
            }}
          >
            {t('errorPages.home')}
          </Button>,
          canGoBack && (
            <Button key="back" onClick={() => void navigate(-1)}>
              {t('errorPages.back')}
            </Button>
          ),
        ]}
      />
    </main>
  );
}
