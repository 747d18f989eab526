import { describe, expect, it } from 'vitest';
import { emailDomain, isDisposableDomain, normalizeEmail, untaggedEmail } from './email-identity';

describe('normalizeEmail: the mailbox an address reaches', () => {
  it.each([
    ['Jane.Doe@Gmail.com', 'janedoe@gmail.com'],
    ['j.a.n.e.d.o.e+farm@gmail.com', 'janedoe@gmail.com'],
    ['janedoe+1+2@googlemail.com', 'janedoe@gmail.com'],
    ['JANEDOE@GOOGLEMAIL.COM', 'janedoe@gmail.com'],
    ['  jane.doe@gmail.com  ', 'janedoe@gmail.com'],
    // +tags: removed where the provider ignores them; dots only matter to Gmail.
    ['jane.doe+news@outlook.com', 'jane.doe@outlook.com'],
    ['jane+x@icloud.com', 'jane@icloud.com'],
    ['jane.doe+news@proton.me', 'jane.doe@proton.me'],
    // A provider not known to ignore them keeps both: jane+x there may be another mailbox.
    ['jane.doe+x@example.org', 'jane.doe+x@example.org'],
    ['Jane.Doe@Example.org', 'jane.doe@example.org'],
    // Gmail only: a subdomain or look-alike is another provider.
    ['jane.doe@mail.gmail.com', 'jane.doe@mail.gmail.com'],
    ['jane.doe@gmail.co', 'jane.doe@gmail.co'],
  ])('%s → %s', (email, normalised) => {
    expect(normalizeEmail(email)).toBe(normalised);
  });

  it('leaves an address without a local part as it is (lower case)', () => {
    expect(normalizeEmail('@Gmail.com')).toBe('@gmail.com');
    expect(normalizeEmail('nobody')).toBe('nobody');
  });

  it('keeps a +tag that starts the local part (an empty mailbox name is not made up)', () => {
    expect(normalizeEmail('+tag@gmail.com')).toBe('+tag@gmail.com');
  });
});

describe('untaggedEmail: a +tag apart at any domain', () => {
  it.each([
    ['jane.doe+x@example.org', 'jane.doe@example.org'],
    ['jane+a+b@example.org', 'jane@example.org'],
    ['jane@example.org', 'jane@example.org'],
    ['+tag@example.org', '+tag@example.org'],
  ])('%s → %s', (normalized, untagged) => {
    expect(untaggedEmail(normalized)).toBe(untagged);
  });
});

describe('isDisposableDomain: the list mailchecker maintains', () => {
  it('knows the disposable providers and their subdomains, not the ordinary ones', () => {
    expect(isDisposableDomain('mailinator.com')).toBe(true);
    expect(isDisposableDomain('YOPMAIL.COM')).toBe(true);
    expect(isDisposableDomain('inbox.mailinator.com')).toBe(true);
    expect(isDisposableDomain('gmail.com')).toBe(false);
    expect(isDisposableDomain('example.com')).toBe(false);
  });

  it('reads the domain of an address', () => {
    expect(emailDomain(' Jane@Mailinator.COM ')).toBe('mailinator.com');
  });
});
