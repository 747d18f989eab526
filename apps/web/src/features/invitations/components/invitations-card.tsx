import { invitationTexts } from '@uplink/contract/invitation-texts';
import { useState } from 'react';
import { Card, CardBody, CardHeader } from '../../../components/card';
import { InvitationFunnel } from './invitation-funnel';
import { InviteeList } from './invitee-list';

/** "Your invitations" on /referrals: the funnel over a period, then everyone the member invited. */
export function InvitationsCard() {
  const [period, setPeriod] = useState('');
  return (
    <Card>
      <CardHeader title={invitationTexts.title} subtitle={invitationTexts.subtitle} />
      <CardBody className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <InvitationFunnel period={period} onPeriodChange={setPeriod} />
        <InviteeList />
      </CardBody>
    </Card>
  );
}
