import { Link } from 'react-router';
import { useTranslation } from '../i18n/use-translation.tsx';
import { PageHeading } from '../components/page-heading.tsx';
import { usePageTitle } from '../components/use-page-title.ts';
import { paths } from '../config/paths.ts';
import { useAppConfig } from '../config/use-app-config.ts';
import { NotFoundPage } from '../errors/not-found-page.tsx';
import { API_BASE } from '../lib/api.ts';

/** /Diagnostics (non-production only): build and configuration values (spec 001 §2.14). */
export function DiagnosticsPage() {
  const config = useAppConfig();
  if (config.isProduction || !config.isLoaded) return <NotFoundPage />;
  return <Diagnostics />;
}

function Diagnostics() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const title = t('dev.diagnosticsTitle');
  usePageTitle(title);
  const yesNo = (value: boolean) => (value ? t('dev.yes') : t('dev.no'));
  const text = (value: string | null) => (value ? value : t('dev.none'));

  const client: [string, string][] = [
    [t('dev.buildNumber'), config.buildNumber || __BUILD_NUMBER__],
    [t('dev.apiBase'), API_BASE],
    [t('dev.identityCheckEnabled'), yesNo(config.alloyEnabled)],
    [t('dev.fraudScreeningEnabled'), yesNo(config.deviceFingerprint.scriptUrl !== null)],
    [t('dev.fraudOrgId'), text(config.deviceFingerprint.orgId)],
    [t('dev.identityProviderShare'), `${config.idProviderSharePercent} %`],
  ];
  const server: [string, string][] = [
    ['alloyEnabled', yesNo(config.alloyEnabled)],
    ['forceIdResult', text(config.forceIdResult)],
    ['irsApiUrl', text(config.irsApiUrl)],
    ['irsRequestKey', text(config.irsRequestKey)],
  ];

  return (
    <div className="panel panel--wide">
      <PageHeading>{title}</PageHeading>
      <DefinitionTable caption={t('dev.clientValues')} rows={client} />
      <DefinitionTable caption={t('dev.serverValues')} rows={server} isCode />
      <p>
        <Link className="button button--secondary" to={paths.productList}>
          {t('dev.toProductList')}
        </Link>
      </p>
    </div>
  );
}

function DefinitionTable({
  caption,
  rows,
  isCode = false,
}: {
  caption: string;
  rows: [string, string][];
  isCode?: boolean;
}) {
  return (
    <table className="data-table">
      <caption>{caption}</caption>
      <tbody>
        {rows.map(([name, value]) => (
          <tr key={name}>
            <th scope="row">{isCode ? <code>{name}</code> : name}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
