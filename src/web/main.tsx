import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { Lang } from '../shared/dict/dict.ts';
import { messages } from './locales/messages.ts';

type Status = { state: 'checking' } | { state: 'ready'; db: string } | { state: 'unavailable' };

// The console's shell (login, layout, routes) is built on this entry point; until then it shows
// the server's readiness and the way to the API documentation.
function StartPage() {
  const [lang, setLang] = useState<Lang>(() => (localStorage.getItem('language') === 'en' ? 'en' : 'zh'));
  const [status, setStatus] = useState<Status>({ state: 'checking' });
  const t = (key: keyof typeof messages) => messages[key][lang];

  useEffect(() => {
    fetch('./readyz')
      .then(async (res) => {
        const body = (await res.json()) as { database?: string };
        setStatus(res.ok ? { state: 'ready', db: body.database ?? '' } : { state: 'unavailable' });
      })
      .catch(() => setStatus({ state: 'unavailable' }));
  }, []);

  useEffect(() => {
    document.title = t('title');
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  });

  const statusText =
    status.state === 'ready'
      ? t('ready').replace('{db}', status.db)
      : status.state === 'checking'
        ? t('checking')
        : t('unavailable');
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '80px auto', padding: 16 }}>
      <h1 style={{ color: '#409EFF' }}>{t('title')}</h1>
      <p>
        {t('server')}: <strong>{statusText}</strong>
      </p>
      <p>
        <a href="./docs">{t('apiDocs')}</a>
      </p>
      <button
        type="button"
        onClick={() => {
          const next = lang === 'zh' ? 'en' : 'zh';
          localStorage.setItem('language', next);
          setLang(next);
        }}
      >
        {t('switchLang')}
      </button>
    </main>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <StartPage />
    </StrictMode>,
  );
}
