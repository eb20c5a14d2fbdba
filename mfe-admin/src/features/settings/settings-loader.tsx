import type { SiteSettings } from '@gi/contracts';
import { useQuery } from '@gi/platform';
import { useErrorToast } from '@gi/ui';
import { ErrorState, LoadingState } from '@gi/ui/states';
import type { ReactNode } from 'react';
import { settingsQuery } from './api.ts';

/** Renders an editor once the site settings are loaded. */
export function SettingsLoader({ children }: { children: (settings: SiteSettings) => ReactNode }) {
  const settings = useQuery(settingsQuery);
  useErrorToast(settings.isError, 'Gagal memuat pengaturan situs');
  if (settings.isPending) return <LoadingState>Memuat pengaturan...</LoadingState>;
  if (settings.isError)
    return <ErrorState message="Gagal memuat pengaturan situs" onRetry={() => settings.refetch()} />;
  return children(settings.data);
}
