import { type UserStatus, userStatuses } from '@uplink/contract/constants';
import { SelectField } from '../../../components/select-field';
import { SearchField } from '../../../components/text-field';

const statusOptions = [
  { value: '', label: 'All Status' },
  ...userStatuses.map((status) => ({ value: status, label: status })),
];

/** The search box and the status filter of the user reports; '' is "All". */
export function ReportFilters({
  search,
  status,
  onSearchChange,
  onStatusChange,
}: {
  search: string;
  status: UserStatus | undefined;
  onSearchChange: (search: string) => void;
  onStatusChange: (status: UserStatus | undefined) => void;
}) {
  return (
    <div className="grid gap-3 border-slate-100 border-b px-5 py-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] sm:px-6">
      <SearchField
        label="Search users"
        placeholder="Name, e-mail or user ID"
        value={search}
        onSearch={onSearchChange}
      />
      <SelectField
        label="Status"
        options={statusOptions}
        value={status ?? ''}
        onChange={(event) => onStatusChange(userStatuses.find((candidate) => candidate === event.target.value))}
      />
    </div>
  );
}
