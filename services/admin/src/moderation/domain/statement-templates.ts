import { type DecisionGround, type ModerationAction, type ReportReason } from '@loadout/contracts';

export interface StatementTemplate {
  reason: ReportReason;
  action: ModerationAction;
  groundType: DecisionGround;
  ground: string;
  facts: string;
}

/**
 * Statement-of-reasons templates the decision form starts from (the admin edits the facts).
 * Grounds name the law or the terms clause relied on.
 */
export const STATEMENT_TEMPLATES: readonly StatementTemplate[] = [
  {
    reason: 'scam_or_fraud',
    action: 'suspend_user',
    groundType: 'terms',
    ground: 'Terms of service: account suspension for fraud',
    facts:
      'The account was used to defraud other members (payment outside checkout, items never sent).',
  },
  {
    reason: 'harassment',
    action: 'suspend_user',
    groundType: 'terms',
    ground: 'Terms of service: respectful communication; repeated breaches',
    facts: 'The user kept sending abusive messages after an earlier warning.',
  },
  {
    reason: 'illegal_item',
    action: 'remove_listing',
    groundType: 'law',
    ground: 'Firearms Act 1925 s.1 (air guns above 1 joule are firearms)',
    facts: 'The listing offers a replica whose muzzle energy is above the 1 joule limit.',
  },
  {
    reason: 'prohibited_item',
    action: 'remove_listing',
    groundType: 'terms',
    ground: 'Terms of service: prohibited items',
    facts: 'The listing offers an item that may not be sold on Loadout.',
  },
  {
    reason: 'scam_or_fraud',
    action: 'remove_listing',
    groundType: 'terms',
    ground: 'Terms of service: honest listings and payments through checkout',
    facts: 'The listing shows signs of fraud (payment outside checkout, copied photos).',
  },
  {
    reason: 'counterfeit',
    action: 'remove_listing',
    groundType: 'law',
    ground: 'EU Trade Mark Regulation 2017/1001 art. 9 (counterfeit goods)',
    facts: 'The listing offers goods that infringe a trade mark.',
  },
  {
    reason: 'harassment',
    action: 'hide_message',
    groundType: 'terms',
    ground: 'Terms of service: respectful communication',
    facts: 'The message contains abusive or threatening language.',
  },
  {
    reason: 'other',
    action: 'dismiss',
    groundType: 'terms',
    ground: 'Terms of service',
    facts: 'After review, the content does not break the law or our terms.',
  },
];
