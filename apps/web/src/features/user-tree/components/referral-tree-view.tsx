import { levelOptions } from '@uplink/contract/constants';
import { formatCount, fullName } from '@uplink/contract/format';
import { referralTexts, referralTreeExpandedLevels } from '@uplink/contract/referral-texts';
import type { ReferralTree } from '@uplink/contract/referrals';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { Alert } from '../../../components/alert';
import { ButtonLink } from '../../../components/button';
import { Card, CardBody } from '../../../components/card';
import { EmailText } from '../../../components/email-text';
import { EmptyState } from '../../../components/empty-state';
import { FiguresNote } from '../../../components/figures-note';
import { TreeIcon, UserIcon, UsersIcon } from '../../../components/icons';
import { Loading } from '../../../components/query-state';
import { SelectField } from '../../../components/select-field';
import { filterTree } from '../utils/filter-tree';
import { type OpenedMember, TreeMemberCard } from './tree-member-card';
import { TreeNode } from './tree-node';

const levelSelectOptions = levelOptions.map((level) => ({ value: String(level), label: `${level}` }));

interface ReferralTreeViewProps {
  tree: ReferralTree | undefined;
  loading: boolean;
  maxLevels: number;
  onMaxLevelsChange: (levels: number) => void;
}

/**
 * Search, 'View Levels', the root card and the collapsible tree. Typing stays smooth on trees of
 * thousands of members: the filtering runs on a deferred copy of the search text, memoised, and
 * React renders the previous tree until the new one is ready.
 */
export function ReferralTreeView({ tree, loading, maxLevels, onMaxLevelsChange }: ReferralTreeViewProps) {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const searching = deferredSearch.trim() !== '';
  const nodes = useMemo(() => filterTree(tree?.referralTree ?? [], deferredSearch), [tree, deferredSearch]);
  const [openedMember, setOpenedMember] = useState<OpenedMember | null>(null);

  return (
    <Card>
      <div className="flex flex-col gap-3 border-slate-100 border-b px-5 py-4 sm:flex-row sm:items-end sm:justify-between sm:px-6">
        <div className="w-full sm:max-w-md">
          <label htmlFor={searchId} className="sr-only">
            Search referrals
          </label>
          <input
            id={searchId}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={referralTexts.treeSearchPlaceholder}
            className="block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-slate-900 text-sm shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
          />
        </div>
        <SelectField
          label={referralTexts.viewLevels}
          options={levelSelectOptions}
          value={String(maxLevels)}
          onChange={(event) => onMaxLevelsChange(Number(event.target.value))}
          className="w-full sm:w-36"
        />
      </div>
      <CardBody>
        {loading && !tree ? (
          <Loading label={referralTexts.treeLoading} />
        ) : tree ? (
          <>
            <div className="mb-4 flex items-center gap-3 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3">
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white">
                <UserIcon size={20} />
              </span>
              <div className="flex min-w-0 flex-1 flex-col sm:flex-row sm:items-center sm:justify-between sm:gap-3">
                <div className="min-w-0">
                  <p className="break-words font-semibold text-slate-900">{fullName(tree.userInfo)}</p>
                  <EmailText email={tree.userInfo.email} className="block text-slate-600 text-sm" />
                </div>
                <span className="mt-1 shrink-0 font-semibold text-brand-800 text-xs uppercase tracking-wide sm:mt-0">
                  {referralTexts.networkRoot}
                </span>
              </div>
            </div>
            {tree.truncated ? (
              <div className="mb-4">
                <Alert tone="info">
                  Your network is large: this view shows the first {formatCount(tree.nodeLimit)} members, level by
                  level. Choose fewer levels in '{referralTexts.viewLevels}' to see a smaller part in full.
                </Alert>
              </div>
            ) : null}
            {nodes.length > 0 ? <FiguresNote note={tree.figures.note} className="mb-4" /> : null}
            {nodes.length > 0 ? (
              <ul className={`space-y-2 ${search !== deferredSearch ? 'opacity-70' : ''}`} aria-label="Referral tree">
                {nodes.map((node) => (
                  <TreeNode
                    // A new search opens every kept branch afresh.
                    key={`${node._id}-${searching ? 'search' : 'tree'}`}
                    node={node}
                    sponsorName="You"
                    expandedLevels={referralTreeExpandedLevels}
                    searching={searching}
                    onOpenMember={setOpenedMember}
                  />
                ))}
              </ul>
            ) : searching ? (
              <EmptyState title={referralTexts.noMatches} icon={<UsersIcon size={24} />} />
            ) : (
              <EmptyState
                title={referralTexts.emptyNetwork}
                description="Invite people with your referral link; they and everyone they invite appear here."
                icon={<TreeIcon size={24} />}
                action={<ButtonLink to="/referrals">{referralTexts.goToReferrals}</ButtonLink>}
              />
            )}
          </>
        ) : null}
      </CardBody>
      <TreeMemberCard member={openedMember} onClose={() => setOpenedMember(null)} />
    </Card>
  );
}
