import { monetizationTerms, type MonetizationTermsInput } from '@crew/domain';
import { LOCALES } from '@crew/rules';
import { mailI18n } from '../../platform/mail/mail-i18n';
import { answersIn, monetizationTermsIn } from './generated-answers';

/** Every shape the answers take: switched off or on, with or without a trial (one day or more), a partial rollout, card payments, pence. */
const CONFIGURATIONS: MonetizationTermsInput[] = [false, true].flatMap((monetizationEnabled) =>
  [0, 1, 14].flatMap((freeTrialPeriodDays) =>
    [40, 100].flatMap((rolloutPercentage) =>
      [false, true].flatMap((paymentsConfigured) => [30, 29.5].map((priceGbp) => ({ monetizationEnabled, freeTrialPeriodDays, rolloutPercentage, paymentsConfigured, priceGbp }))),
    ),
  ),
);

const ON: MonetizationTermsInput = { monetizationEnabled: true, freeTrialPeriodDays: 14, rolloutPercentage: 40, paymentsConfigured: true, priceGbp: 30 };
const OFF: MonetizationTermsInput = { ...ON, monetizationEnabled: false };

describe("the Help centre's answers about paying, per language", () => {
  it("says in English, from the catalogue's source messages, exactly what the domain says", () => {
    for (const input of CONFIGURATIONS) expect([input, monetizationTermsIn(input, mailI18n('en'))]).toEqual([input, monetizationTerms(input)]);
  });

  it("answers English with the domain's own text", () => {
    for (const input of CONFIGURATIONS) expect(answersIn(input, 'en')).toEqual(monetizationTerms(input));
  });

  it('answers French in French, the price as French writes it, the links to the same pages', () => {
    const off = answersIn(OFF, 'fr');
    expect(off.crewAccess).toMatch(/^Oui, pour le moment\. Postuler aux voyages est gratuit pour tous les équipiers/);
    expect(off.crewAccess).toMatch(/abonnement équipier de 30\s£ par an/);
    expect(off.crewAccess).toContain('[Abonnement](/subscription)');
    const on = answersIn(ON, 'fr');
    expect(on.crewAccess).toContain('pendant leurs 14 premiers jours.');
    expect(on.crewAccess).toContain('Pendant sa mise en place, certains comptes équipiers gardent un accès gratuit.');
    expect(on.subscription).toMatch(/^L’abonnement équipier coûte 30\s£ par an\./);
    expect(answersIn({ ...ON, freeTrialPeriodDays: 1 }, 'fr').crewAccess).toContain('pendant leur premier jour.');
    expect(answersIn({ ...ON, priceGbp: 29.5 }, 'fr').subscription).toMatch(/29,50\s£/);
    expect(answersIn({ ...ON, paymentsConfigured: false }, 'fr').crewAccess).toContain('[contactez notre équipe d’assistance](/help#contact-heading)');
  });

  it('says every answer in each language with none of the English sentences, and the same links', () => {
    const english = CONFIGURATIONS.flatMap((input) => Object.values(monetizationTerms(input)))
      .flatMap((text) => text.split(/(?<=[.;:])\s+/))
      .filter((sentence) => sentence.split(' ').length >= 4);
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      for (const input of CONFIGURATIONS) {
        const answers = answersIn(input, locale);
        const texts = [answers.crewAccess, answers.subscription];
        for (const text of texts) expect([locale, english.filter((sentence) => text.includes(sentence))]).toEqual([locale, []]);
        const linksOf = (text: string) => [...text.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]);
        const source = monetizationTerms(input);
        expect(linksOf(answers.crewAccess)).toEqual(linksOf(source.crewAccess));
        expect(linksOf(answers.subscription)).toEqual(linksOf(source.subscription));
      }
    }
  });
});
