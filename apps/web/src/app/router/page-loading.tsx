import { Spin } from 'antd';
import styles from './page-loading.module.css';

/** A quiet spinner while a page's code loads. */
export function PageLoading() {
  return (
    <div className={styles.loading}>
      <Spin size="large" />
    </div>
  );
}
