// The battle panel of the Lion: Gordon's raid, sortie or defence as LionView.combat holds it,
// while it is formed and while it is resolved. It shows the banner, Gordon's engaged stack with
// what each counter adds to this kind of roll, and before the roll the die-roll modifier with its
// terms and the throws of 2D6 that give each outcome (with the optional RP of a defence beside);
// after it, the outcome as applied, the casualties still to come and to assign (11.11), and the
// log lines of the roll. Words and sums come from combat-words.ts and outcomes.ts.
import type { LogEntry } from "../../gen/game_pb";
import type { LionData } from "../../gen/lion_data_pb";
import type { CombatView, LionView } from "../../gen/lion_pb";
import { RuleRefs, RuleText } from "../../rules/RuleLinks";
import { linesSince } from "../fight-log";
import { signed } from "../modifier";
import { LogLines, positive, Section, ToDecide, Tracks } from "../panel";
import {
  combatTitle, factorName, kindRule, kindTable, modifierTerms, outcomeRows, stillToDecide,
} from "./combat-words";
import { outcomeChances, percent, rangeText, throwsText } from "./outcomes";

// The lines that open a fight in the Lion's log: Gordon's roll, or a banner's attack (7.1).
const OPENERS = ["raid.roll", "sortie.roll", "banner.attack"];

function Stack({ combat }: { combat: CombatView }) {
  const heading = combat.kind === "defence" ? `Defenders of ${combat.area}` : "Gordon's stack";
  return (
    <div class="lion-stack">
      <h4>
        {heading} <span class="muted">({factorName(combat)}s)</span>
      </h4>
      {combat.units.length === 0 ? (
        <p class="none">no unit yet</p>
      ) : (
        <ul class="battle-units factors">
          {combat.units.map((u, i) => (
            <li key={i} data-unit-name={u.name} data-factor={u.factor}>
              <span class="unit-name">{u.name}</span> <span class="factor">{signed(u.factor)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

// The modifier and its terms, one line each, with the total under a rule.
function Modifier({ combat }: { combat: CombatView }) {
  return (
    <>
      <h4>Die-roll modifier</h4>
      <dl class="tracks drm-terms">
        {modifierTerms(combat).map((t) => (
          <div class="track" key={t.label} data-term={t.label} data-value={t.value}>
            <dt>{t.label}<RuleRefs text={t.rule} /></dt>
            <dd>{signed(t.value)}</dd>
          </div>
        ))}
        <div class="track drm-total" data-drm={combat.drm}>
          <dt>Modifier</dt>
          <dd>{signed(combat.drm)}</dd>
        </div>
      </dl>
    </>
  );
}

// Which throws of 2D6 give each outcome with this modifier (and, for a defence Gordon can still
// pay for, with the RP's +1 as well).
function Outcomes({ combat, data, withRp }: { combat: CombatView; data?: LionData; withRp: boolean }) {
  const rows = outcomeRows(combat, data);
  if (rows.length === 0) return null;
  const plain = outcomeChances(rows, combat.drm);
  const paid = outcomeChances(rows, combat.drm + 1);
  return (
    <>
      <h4>
        What the two dice give <RuleText text={`(${kindTable(combat)})`} />
      </h4>
      <table class="lion-outcomes">
        <thead>
          <tr>
            <th scope="col">Outcome</th>
            <th scope="col">Throw</th>
            {withRp && <th scope="col">With 1 RP</th>}
          </tr>
        </thead>
        <tbody>
          {plain.map((c, i) => (
            // Greyed where no throw gives it, with or without the RP.
            <tr key={c.name} class={c.in36 === 0 && (!withRp || paid[i].in36 === 0) ? "impossible" : ""}>
              <th scope="row">{c.name}</th>
              <td>
                {throwsText(c)} <span class="muted">{c.in36 > 0 && percent(c.in36)}</span>
              </td>
              {withRp && (
                <td>
                  {throwsText(paid[i])} <span class="muted">{paid[i].in36 > 0 && percent(paid[i].in36)}</span>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

// After the roll: the outcome row it fell on, and the casualties it brings.
function Result({ combat }: { combat: CombatView }) {
  const defence = combat.kind === "defence";
  return (
    <>
      <h4>The roll</h4>
      <Tracks
        rows={[
          { label: "Outcome", value: combat.outcome, title: kindTable(combat) },
          { label: "On a modified roll of", value: rangeText(combat.outcomeMin, combat.outcomeMax) },
          { label: "Fortification", value: defence ? signed(combat.fortification) : "", title: "7.2" },
          { label: "Resource Point spent", value: defence ? (combat.rpSpent ? "yes, +1" : "no") : "", title: "7.2" },
          { label: "Casualty rolls", value: `1D6 ${signed(combat.casualtyDrm)}` },
          { label: "Next casualty table", value: combat.nextTable },
          { label: "Step losses to assign", value: positive(combat.stepsToLose), title: "11.11" },
          { label: "Guns to lose", value: positive(combat.gunsToLose) },
        ]}
      />
    </>
  );
}

interface Props {
  view: LionView;
  combat: CombatView;
  data?: LionData;
  log?: LogEntry[];
}

export function LionBattle({ view, combat, data, log }: Props) {
  // A raid or sortie being formed has no lines yet: the last roll in the log is an older fight's.
  const lines = combat.rolled || combat.kind === "defence" ? linesSince(log ?? [], OPENERS) : [];
  const canPay = combat.kind === "defence" && !combat.rolled && view.resourcePoints >= 1;
  return (
    <Section title={combatTitle(combat)} class="battle lion-battle">
      <div data-lion-combat={combat.kind}>
        <Tracks
          rows={[{ label: "Banner", value: `${combat.banner}, strength ${combat.bannerStrength}`, title: kindRule(combat) }]}
        />
        <Stack combat={combat} />
        {combat.rolled ? (
          <Result combat={combat} />
        ) : (
          <>
            <Modifier combat={combat} />
            <Outcomes combat={combat} data={data} withRp={canPay} />
          </>
        )}
        <ToDecide items={stillToDecide(combat, view.resourcePoints)} />
        <LogLines title="So far" lines={lines} />
      </div>
    </Section>
  );
}
