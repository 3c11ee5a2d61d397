#!/usr/bin/env python3
"""Print the worked ArgMin examples of the onnx.ai ArgMin page as YAML `examples:` entries.

Usage: extract_seed_examples.py [SEED_FILE]
  SEED_FILE  the page text (default: specs/sources/ArgMin-13.onnx-ai.txt, relative to the
             repository root)

The page prints each example as:

    test_cc_argmin_<case>
    Node:
    ArgMin(data) -> (result)
    Attributes:
    axis = 1
    ...
    Inputs:
    data: shape=(2, 2), dtype=float32
    [[ 2., 2.], ...]
    Outputs:
    result: shape=(1, 2), dtype=int64
    [[0, 0]]

Values are flattened row-major and every number is written exactly as the page prints it (for
example `2.` and `0.31370395`), so the YAML can be compared with the page by eye. A large input
that several examples share is written once with a YAML anchor and referred to by alias.

Each example is checked before printing: the value count must match the shape, and the expected
output is recomputed with numpy from the printed input (argmin along the axis; select_last_index
= argmin of the input flipped along the axis, mapped back as axis_length - 1 - index).

Python 3 standard library and numpy only.
"""

import os
import re
import sys

import numpy as np

SOURCE = "onnx.ai ArgMin operator page, version 13 examples (ONNX, Apache-2.0)"
OPSET = 13  # the page documents ArgMin version 13
LINE_WIDTH = 100
ALIAS_MIN_VALUES = 100  # shorter inputs are repeated in full
NUMBER = re.compile(r"-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
TENSOR_HEADER = re.compile(r"^(\w+): shape=\(([\d, ]*)\), dtype=(\w+)$")
ELEMENT_TYPES = {"float32": "float", "int64": "int64"}


def parse_examples(text):
    """Returns [(name, [(attr, value)], [inputs], [outputs])], tensors as (name, type, shape, tokens)."""
    lines = text.splitlines()
    starts = [i for i, line in enumerate(lines) if line.startswith("test_cc_")]
    ends = starts[1:] + [next(i for i, line in enumerate(lines) if line.startswith("Differences with"))]
    examples = []
    for start, end in zip(starts, ends):
        block = lines[start:end]
        name = block[0].strip()
        section, attributes, tensors = None, [], {"Inputs:": [], "Outputs:": []}
        for line in block[1:]:
            if line in ("Node:", "Attributes:", "Inputs:", "Outputs:"):
                section = line
                continue
            if section == "Attributes:":
                key, value = (part.strip() for part in line.split("="))
                attributes.append((key, int(value)))
            elif section in tensors:
                header = TENSOR_HEADER.match(line)
                if header:
                    shape = [int(d) for d in header.group(2).replace(" ", "").split(",") if d]
                    tensors[section].append((header.group(1), ELEMENT_TYPES[header.group(3)], shape, []))
                else:
                    tensors[section][-1][3].extend(NUMBER.findall(line))
        examples.append((name, attributes, tensors["Inputs:"], tensors["Outputs:"]))
    return examples


def check(name, attributes, inputs, outputs):
    for tensor_name, _, shape, tokens in inputs + outputs:
        if len(tokens) != int(np.prod(shape, dtype=np.int64)):
            raise AssertionError("%s: %s has %d values for shape %s" % (name, tensor_name, len(tokens), shape))
    attrs = dict(attributes)
    _, _, shape, tokens = inputs[0]
    data = np.array([np.float32(t) for t in tokens], dtype=np.float32).reshape(shape)
    axis = attrs.get("axis", 0) % data.ndim
    if attrs.get("select_last_index", 0):
        expected = data.shape[axis] - 1 - np.argmin(np.flip(data, axis), axis=axis)
    else:
        expected = np.argmin(data, axis=axis)
    if attrs.get("keepdims", 1):
        expected = np.expand_dims(expected, axis)
    _, _, out_shape, out_tokens = outputs[0]
    actual = np.array([int(t) for t in out_tokens], dtype=np.int64).reshape(out_shape)
    if expected.shape != actual.shape or not np.array_equal(expected, actual):
        raise AssertionError("%s: page output %s differs from numpy's %s" % (name, actual.tolist(),
                                                                            expected.tolist()))


def values_yaml(items, row, key_prefix, anchor=""):
    """`values:` as a flow list: on the key's line when it fits, else on wrapped lines below it,
    each line holding whole rows of the innermost dimension so the layout follows the tensor."""
    head = key_prefix + ("&" + anchor + " " if anchor else "")
    inline = head + "[" + ", ".join(items) + "]"
    if len(inline) <= LINE_WIDTH:
        return inline
    indent = len(key_prefix) - len(key_prefix.lstrip()) + 2
    rows = [items[i:i + row] for i in range(0, len(items), row)]
    lines, current = [], []
    for r in rows:
        candidate = current + r
        if current and indent + 1 + len(", ".join(candidate)) + 2 > LINE_WIDTH:
            lines.append(", ".join(current) + ",")
            current = list(r)
        else:
            current = candidate
    lines.append(", ".join(current) + "]")
    return head.rstrip() + "\n" + " " * indent + "[" + ("\n" + " " * (indent + 1)).join(lines)

def tensor_yaml(tensor, anchors, indent, example, shareable):
    """One tensor entry; a large shareable tensor seen before becomes an alias of its first copy."""
    name, element, shape, tokens = tensor
    pad = " " * indent
    out = [pad + "- name: " + name, pad + "  type: " + element,
           pad + "  shape: [" + ", ".join(str(d) for d in shape) + "]"]
    key = (element, tuple(shape), tuple(tokens))
    anchor = ""
    if shareable and len(tokens) >= ALIAS_MIN_VALUES:
        if key in anchors:
            first_anchor, first_example = anchors[key]
            out.append(pad + "  values: *" + first_anchor + "  # printed in full at " + first_example)
            return "\n".join(out)
        anchor = "random_%s_%d" % (name, len(anchors) + 1)
        anchors[key] = (anchor, example)
    row = shape[-1] if shape and shape[-1] else max(1, len(tokens))
    out.append(values_yaml(tokens, row, pad + "  values: ", anchor))
    return "\n".join(out)


def main(argv):
    if len(argv) > 2:
        sys.stderr.write(__doc__)
        return 2
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    path = argv[1] if len(argv) == 2 else os.path.join(root, "specs", "sources", "ArgMin-13.onnx-ai.txt")
    with open(path, encoding="utf-8") as f:
        examples = parse_examples(f.read())
    print("  # The 16 worked examples of the onnx.ai ArgMin page (ArgMin version 13; ONNX, Apache-2.0),")
    print("  # written out by specs/tools/extract_seed_examples.py with every number as the page prints")
    print("  # it; each expected output was recomputed with numpy from the printed input and matches.")
    anchors = {}
    for name, attributes, inputs, outputs in examples:
        check(name, attributes, inputs, outputs)
        lines = ["  - name: " + name, '    source: "' + SOURCE + '"', "    opset: %d" % OPSET]
        if attributes:
            lines.append("    attributes: {" + ", ".join("%s: %d" % a for a in attributes) + "}")
        lines.append("    inputs:")
        lines += [tensor_yaml(t, anchors, 6, name, shareable=True) for t in inputs]
        lines.append("    outputs:")
        # expected outputs are always written out, so each can be read against the page
        lines += [tensor_yaml(t, anchors, 6, name, shareable=False) for t in outputs]
        print("\n".join(lines))
    sys.stderr.write("%d examples checked against numpy\n" % len(examples))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
