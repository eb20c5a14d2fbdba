import {
  type GatewaySettings,
  gatewayChannelLabels,
  gatewayChannels,
  gatewaySettingsSchema,
} from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@gi/platform';
import { errorMessage } from '@gi/session';
import { buttonClass, toast, toastError } from '@gi/ui';
import { ErrorState, LoadingState } from '@gi/ui/states';
import { type FormEvent, useState } from 'react';
import section from '../../shared/section.module.css';

const gatewaySettingsQuery = queryOptions({
  queryKey: ['admin', 'gateway-settings'] as const,
  queryFn: () => api('GET /admin/settings/gateway'),
});

function GatewayForm({ settings }: { settings: GatewaySettings }) {
  const client = useQueryClient();
  const [channels, setChannels] = useState(new Set(settings.channels));
  const [manualTransfer, setManualTransfer] = useState(settings.manualTransfer);
  const save = useMutation({
    mutationFn: (input: GatewaySettings) => api('PUT /admin/settings/gateway', { body: input }),
    onSuccess: (saved) => client.setQueryData(gatewaySettingsQuery.queryKey, saved),
  });

  function toggle(channel: (typeof gatewayChannels)[number], on: boolean) {
    setChannels((current) => {
      const next = new Set(current);
      if (on) next.add(channel);
      else next.delete(channel);
      return next;
    });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = gatewaySettingsSchema.parse({ channels: [...channels], manualTransfer });
    save.mutate(input, {
      onSuccess: () =>
        toast({ title: 'Berhasil', description: 'Metode pembayaran gateway berhasil disimpan' }),
      onError: (error) => toastError(errorMessage(error, 'Gagal menyimpan metode pembayaran gateway')),
    });
  }

  return (
    <form onSubmit={onSubmit} aria-labelledby="gateway-settings-title">
      <fieldset>
        <legend>Metode yang ditawarkan lewat Midtrans</legend>
        {gatewayChannels.map((channel) => (
          <label key={channel}>
            <input
              type="checkbox"
              checked={channels.has(channel)}
              onChange={(event) => toggle(channel, event.currentTarget.checked)}
            />{' '}
            {gatewayChannelLabels[channel]}
          </label>
        ))}
      </fieldset>
      <label>
        <input
          type="checkbox"
          checked={manualTransfer}
          onChange={(event) => setManualTransfer(event.currentTarget.checked)}
        />{' '}
        Tetap tawarkan transfer manual dengan bukti transfer
      </label>
      <div className={section.buttons}>
        <button type="submit" className={buttonClass.primary} disabled={save.isPending}>
          {save.isPending ? 'Menyimpan...' : 'Simpan Metode Gateway'}
        </button>
      </div>
    </form>
  );
}

/** Which gateway channels the shop offers and whether the manual transfer stays (decision 026). */
export function GatewaySettingsEditor() {
  const settings = useQuery(gatewaySettingsQuery);
  return (
    <section className={section.card}>
      <h3 id="gateway-settings-title" className={section.subheading}>
        Pembayaran Otomatis (Midtrans)
      </h3>
      <p>
        QRIS, virtual account dan e-wallet dikonfirmasi otomatis oleh gateway, tanpa pemeriksaan admin. Tanpa
        server key Midtrans di Worker, metode ini tidak ditawarkan.
      </p>
      {settings.isPending ? (
        <LoadingState>Memuat metode gateway...</LoadingState>
      ) : settings.isError ? (
        <ErrorState message="Gagal memuat metode gateway" onRetry={() => settings.refetch()} />
      ) : (
        <GatewayForm settings={settings.data} />
      )}
    </section>
  );
}
