"""The example lines of ``chartroom new`` for a Fire in the Sky variant (commented YAML)."""

NEW_TEMPLATE = """\
# optional_rules: ["18.2.5"]          # optional rules added to the base's, by number in the edition
# remove_optional_rules: ["18.1.5"]   # optional rules of the base this variant does not use
#
# control:                            # who controls a base at the start; replaces the base's entry for it
#   - {base: Wake, side: allied, reconstructed: "Why this base changes hands."}
#
# setup:                              # units ADDED to the base's set-up, one entry per location and side
#   - at: Truk                        # a base or land hex by name, a box by name, or a hex id
#     side: japan
#     units:
#       - {counter: jp-bb-yamato-musashi}   # an id from counters.yaml
#       - {counter: jp-air, steps: 2}       # air units by steps
#     reconstructed: "Why these units are here."
#
# remove:                             # units TAKEN OUT of the base's set-up, where the base places them
#   - at: Kure
#     side: japan
#     units:
#       - {counter: jp-ca, count: 1}
#     reconstructed: "Why these units are gone."
#
# markers:                            # record-track markers; each one given replaces the base's
#   oil_points: {value: 14, reconstructed: "Why the value differs."}
#   transport_points: {us: 12, reconstructed: "Per nation: only the nations given change."}
"""
