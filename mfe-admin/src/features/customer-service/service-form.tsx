import {
  type CustomerServiceRecord,
  csCategories,
  csPriorities,
  csStatuses,
  csStatusLabels,
  customerServiceInputSchema,
} from '@gi/contracts';
import { Field, TextAreaField } from '@gi/ui';
import { useState } from 'react';
import { DialogButtons } from '../../shared/dialog.tsx';
import { ImageField } from '../../shared/image-field.tsx';
import { LabelledOptions, SelectField } from '../../shared/list-controls.tsx';
import { useSaveForm } from '../../shared/save-form.ts';
import section from '../../shared/section.module.css';
import { useSaveService } from './api.ts';
import { categoryLabels, priorityLabels } from './labels.ts';

interface ServiceFormProps {
  /** The record being edited; none to add one. */
  record?: CustomerServiceRecord;
  onSaved: () => void;
  onCancel: () => void;
}

/** Add or edit a customer-service record: title required; category general, priority medium, status active by default. */
export function ServiceForm({ record, onSaved, onCancel }: ServiceFormProps) {
  const [file, setFile] = useState(record?.file_url ?? '');
  const { errors, onSubmit, setUploading, buttons } = useSaveForm({
    schema: customerServiceInputSchema,
    save: useSaveService(),
    id: record?.id,
    onSaved,
    saved: {
      title: 'Berhasil',
      description: record
        ? 'Data layanan pelanggan berhasil diupdate'
        : 'Data layanan pelanggan berhasil dibuat',
    },
    failed: record ? 'Gagal mengupdate data layanan pelanggan' : 'Gagal membuat data layanan pelanggan',
  });

  return (
    <form className={section.form} onSubmit={onSubmit} noValidate>
      <Field label="Judul" name="title" defaultValue={record?.title} error={errors.title} required />
      <TextAreaField
        label="Deskripsi"
        name="description"
        rows={6}
        defaultValue={record?.description}
        error={errors.description}
      />
      <SelectField
        label="Kategori"
        name="category"
        defaultValue={record?.category ?? 'general'}
        error={errors.category}
      >
        <LabelledOptions values={csCategories} labels={categoryLabels} />
      </SelectField>
      <SelectField
        label="Prioritas"
        name="priority"
        defaultValue={record?.priority ?? 'medium'}
        error={errors.priority}
      >
        <LabelledOptions values={csPriorities} labels={priorityLabels} />
      </SelectField>
      <SelectField
        label="Status"
        name="status"
        defaultValue={record?.status ?? 'active'}
        error={errors.status}
      >
        <LabelledOptions values={csStatuses} labels={csStatusLabels} />
      </SelectField>
      <ImageField
        label="Lampiran (opsional)"
        name="file_url"
        value={file}
        onChange={setFile}
        allowUrl
        optional
        error={errors.file_url}
        onUploadingChange={setUploading}
      />
      <DialogButtons confirm={record ? 'Perbarui Data' : 'Simpan Data'} onCancel={onCancel} {...buttons} />
    </form>
  );
}
