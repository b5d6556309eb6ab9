import type { ThemeConfig } from 'antd';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#4338ca',
    colorLink: '#4338ca',
    borderRadius: 8,
    colorBgLayout: '#f5f6fa',
  },
  components: {
    // The mini side menu is 110 px wide (shell spec §2: the header shifts by 120 px), less its border.
    Menu: { collapsedWidth: 109 },
    Layout: { headerBg: '#ffffff', headerHeight: 56, headerPadding: '0 24px', footerBg: 'transparent' },
  },
};

/** The same theme for a user who asked the system for reduced motion: antd's transitions and animations off. */
export const withoutMotion: ThemeConfig = { ...theme, token: { ...theme.token, motion: false } };
