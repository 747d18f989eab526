import { type UserStatus, userStatuses } from '@uplink/contract/constants';
import { ChoiceFilter, FilterBar } from '../../../components/filter-bar';
import { SearchField } from '../../../components/text-field';

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
    <FilterBar columns="sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <SearchField
        label="Search users"
        placeholder="Name, e-mail or user ID"
        value={search}
        onSearch={onSearchChange}
      />
      <ChoiceFilter
        label="Status"
        allLabel="All Status"
        choices={userStatuses}
        value={status}
        onChange={onStatusChange}
      />
    </FilterBar>
  );
}
