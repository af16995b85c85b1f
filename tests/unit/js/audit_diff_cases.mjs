// Cases for api/static/audit-diff.js, run by test_audit_diff.py with node. Prints one JSON
// object: case name -> the sentences the module answers.
import {characterList, describeChanges} from "./audit-diff.mjs";

const cond = (id, name, points) => ({id, name, points, figure: 2, incurable: false});
const mara = (over) => ({id: "chr_1", name: "Mara", mana: {current: 12, max: 12},
  backlash: {temporary: 0, permanent: 0, owed: []}, strain: {current: 0, permanent: 0, max: 10},
  conditions: [], effort: {commitments: []}, ...over});
const state = (...characters) => ({id: "cmp_1", position: 3, characters:
  Object.fromEntries(characters.map((c) => [c.id, c]))});
const commitment = {id: "eff_1", pool: "mage", amount: 1, duration: "scene", label: ""};

const cases = {
  first_of_two_conditions_removed: describeChanges(
    state(mara({conditions: [cond("cnd_1", "Dazed", 2), cond("cnd_2", "Winded", 1)]})),
    state(mara({conditions: [cond("cnd_2", "Winded", 1)]}))),
  commitment_returned: describeChanges(
    state(mara({effort: {commitments: [commitment]}})), state(mara())),
  commitment_pool_is_not_an_index_change: describeChanges(
    state(mara({effort: {commitments: [commitment, {...commitment, id: "eff_2", pool: "summoner"}]}})),
    state(mara({effort: {commitments: [{...commitment, id: "eff_2", pool: "summoner"}]}}))),
  mana_spent_and_log_fields_ignored: describeChanges(
    state(mara()), {...state(mara({mana: {current: 9, max: 12}})), position: 4, head_hash: "x"}),
  condition_points_reduced: describeChanges(
    state(mara({conditions: [cond("cnd_1", "Injured", 4)]})),
    state(mara({conditions: [cond("cnd_1", "Injured", 2)]}))),
  characters_as_list_or_map: [characterList(state(mara())).length,
    characterList({characters: [mara()]}).length, characterList({}).length].map(String),
  list_and_map_states_diff_alike: describeChanges(
    {characters: [mara()]}, {characters: [mara({mana: {current: 9, max: 12}})]}),
  an_object_appearing_is_one_change: describeChanges(
    {characters: {}, encounter: null}, {characters: {}, encounter: {id: "enc_1", round: 1, order: []}}),
  spirit_bound_and_item_linked: describeChanges(
    {...state(mara()), spirits: {}, items: {itm_1: {id: "itm_1", name: "Wand", linked_to: null, links: []}}},
    {...state(mara()), spirits: {spr_1: {id: "spr_1", nature: "Fire", summoner_id: "chr_1", form: "physical",
      form_level: 1, hit_dice: 1, powers: ["Curse"], status: "present"}},
    items: {itm_1: {id: "itm_1", name: "Wand", linked_to: "chr_1", links: [{user: "chr_1"}]}}}),
};
console.log(JSON.stringify(cases));
