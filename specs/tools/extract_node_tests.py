#!/usr/bin/env python3
"""Print the ONNX backend node tests of one operator as YAML `examples:` entries.

Usage: extract_node_tests.py OPERATOR [NODE_TEST_DIR]
  OPERATOR       ArgMax, ArgMin or TopK
  NODE_TEST_DIR  folder with the test folders (test_argmax_*, test_argmin_*, test_top_k*); for ArgMax and
                 ArgMin the default is conformance/src/test/resources/onnx-node-tests, relative to the
                 repository root; TopK has no default

Each test folder holds model.onnx (a ModelProto with one node), test_data_set_0/input_<i>.pb and
output_<i>.pb (TensorProtos). There is no protobuf module here, so the few fields needed are decoded
from the wire format directly (field numbers from onnx/onnx.proto).

Before printing, every test is checked independently of its stored output: the expected output is
recomputed with numpy (argmax/argmin along the axis; select_last_index = argmax/argmin of the input
flipped along the axis, mapped back as axis_length - 1 - index; TopK by sorting each slice along the
axis on (value, index), largest values first when largest is 1, lower index first among equal
values, as ONNX's reference does with numpy's lexsort), and the declared graph shapes and
types must agree with the tensors. Float32 values are printed as the shortest decimal that reads
back to the same float32 (checked exactly with fractions, not through a double).

Python 3 standard library and numpy only.
"""

import fractions
import os
import struct
import sys

import numpy as np

SOURCE_COMMIT = "6be0677fc22e74563e6eb472f931513aefe5648d"
SOURCE = "ONNX backend node test, onnx/onnx commit " + SOURCE_COMMIT + " (Apache-2.0)"
TOPK_ORIGIN = "the onnx Python package 1.23.1 (onnx.backend.test.case.node.topk)"
TOPK_SOURCE = "ONNX backend node test, onnx 1.23.1 onnx.backend.test.case.node.topk (Apache-2.0)"
PREFIXES = {"ArgMax": "test_argmax_", "ArgMin": "test_argmin_", "TopK": "test_top_k"}
ATTRIBUTES = {"ArgMax": {"axis", "keepdims", "select_last_index"},
              "ArgMin": {"axis", "keepdims", "select_last_index"},
              "TopK": {"axis", "largest", "sorted"}}
LINE_WIDTH = 100

# TensorProto.DataType codes this tool understands, with their element names and numpy types.
ELEMENT_TYPES = {1: ("float", np.dtype("<f4")), 7: ("int64", np.dtype("<i8")), 13: ("uint64", np.dtype("<u8"))}
ATTRIBUTE_TYPE_INT = 2  # AttributeProto.AttributeType.INT


# ---------------------------------------------------------------- protobuf wire format

def read_varint(buf, pos):
    result = 0
    shift = 0
    while True:
        byte = buf[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        if byte < 0x80:
            return result, pos
        shift += 7


def fields(buf):
    """Yields (field_number, wire_type, value) of one message; value is an int or bytes."""
    pos = 0
    while pos < len(buf):
        key, pos = read_varint(buf, pos)
        number, wire_type = key >> 3, key & 7
        if wire_type == 0:
            value, pos = read_varint(buf, pos)
        elif wire_type == 1:
            value, pos = buf[pos:pos + 8], pos + 8
        elif wire_type == 2:
            length, pos = read_varint(buf, pos)
            value, pos = buf[pos:pos + length], pos + length
        elif wire_type == 5:
            value, pos = buf[pos:pos + 4], pos + 4
        else:
            raise ValueError("unsupported wire type %d" % wire_type)
        yield number, wire_type, value


def signed64(value):
    return value - (1 << 64) if value >= 1 << 63 else value


def packed_varints(value, wire_type):
    """A repeated int64 field: one varint, or a packed run of them."""
    if wire_type == 0:
        return [signed64(value)]
    out, pos = [], 0
    while pos < len(value):
        v, pos = read_varint(value, pos)
        out.append(signed64(v))
    return out


# ---------------------------------------------------------------- ONNX messages

def parse_tensor(buf):
    """TensorProto: dims=1, data_type=2, float_data=4, int64_data=7, name=8, raw_data=9."""
    dims, data_type, name, raw, floats, int64s = [], None, "", None, [], []
    for number, wire_type, value in fields(buf):
        if number == 1:
            dims += packed_varints(value, wire_type)
        elif number == 2:
            data_type = value
        elif number == 4:
            floats += list(struct.unpack("<%df" % (len(value) // 4), value)) if wire_type == 2 \
                else [struct.unpack("<f", value)[0]]
        elif number == 7:
            int64s += packed_varints(value, wire_type)
        elif number == 8:
            name = value.decode("utf-8")
        elif number == 9:
            raw = value
    element_name, dtype = ELEMENT_TYPES[data_type]
    if raw is not None:
        array = np.frombuffer(raw, dtype=dtype)
    elif data_type == 13:
        raise ValueError("tensor %s: uint64 without raw_data is not supported" % name)
    else:
        array = np.array(floats if data_type == 1 else int64s, dtype=dtype)
    if array.size != int(np.prod(dims, dtype=np.int64)):
        raise ValueError("tensor %s: %d values for dims %s" % (name, array.size, dims))
    return name, element_name, array.reshape(dims)


def parse_value_info(buf):
    """ValueInfoProto name=1, type=2 -> TypeProto.tensor_type=1 -> elem_type=1, shape=2 -> dim=1 -> dim_value=1."""
    name, elem_type, shape = "", None, []
    for number, _, value in fields(buf):
        if number == 1:
            name = value.decode("utf-8")
        elif number == 2:
            for n2, _, tensor_type in fields(value):
                if n2 != 1:
                    continue
                for n3, _, v3 in fields(tensor_type):
                    if n3 == 1:
                        elem_type = v3
                    elif n3 == 2:
                        for n4, _, dim in fields(v3):
                            if n4 == 1:
                                shape += [v for n5, _, v in fields(dim) if n5 == 1]
    return name, ELEMENT_TYPES[elem_type][0], shape


def parse_model(buf):
    """ModelProto: opset_import=8 (domain=1, version=2), graph=7 (node=1, input=11, output=12).

    NodeProto: input=1, output=2, op_type=4, attribute=5 (name=1, i=3, type=20), domain=7.
    """
    opsets, nodes, inputs, outputs = {}, [], [], []
    for number, _, value in fields(buf):
        if number == 8:
            domain, version = "", None
            for n2, _, v2 in fields(value):
                if n2 == 1:
                    domain = v2.decode("utf-8")
                elif n2 == 2:
                    version = v2
            opsets[domain] = version
        elif number == 7:
            for n2, _, v2 in fields(value):
                if n2 == 1:
                    nodes.append(parse_node(v2))
                elif n2 == 11:
                    inputs.append(parse_value_info(v2))
                elif n2 == 12:
                    outputs.append(parse_value_info(v2))
    return opsets, nodes, inputs, outputs


def parse_node(buf):
    node = {"inputs": [], "outputs": [], "op_type": None, "domain": "", "attributes": []}
    for number, _, value in fields(buf):
        if number == 1:
            node["inputs"].append(value.decode("utf-8"))
        elif number == 2:
            node["outputs"].append(value.decode("utf-8"))
        elif number == 4:
            node["op_type"] = value.decode("utf-8")
        elif number == 7:
            node["domain"] = value.decode("utf-8")
        elif number == 5:
            name, i, attr_type = None, None, None
            for n2, _, v2 in fields(value):
                if n2 == 1:
                    name = v2.decode("utf-8")
                elif n2 == 3:
                    i = signed64(v2)
                elif n2 == 20:
                    attr_type = v2
            if attr_type != ATTRIBUTE_TYPE_INT:
                raise ValueError("attribute %s is not an INT attribute" % name)
            node["attributes"].append((name, i))
    return node


# ---------------------------------------------------------------- independent check

def reference(op, data, axis, keepdims, select_last_index):
    """ArgMax/ArgMin as the ONNX reference defines them, computed with numpy."""
    arg = np.argmax if op == "ArgMax" else np.argmin
    axis = axis % data.ndim
    if select_last_index:
        flipped = arg(np.flip(data, axis), axis=axis)
        result = data.shape[axis] - 1 - flipped
    else:
        result = arg(data, axis=axis)
    if keepdims:
        result = np.expand_dims(result, axis)
    return result.astype(np.int64)


def top_k(data, k, axis, largest):
    """TopK as the ONNX documents define it, slice by slice in plain Python: the k largest (or smallest)
    values along the axis, in order, the lower index first among equal values; returns (values, indices)."""
    axis = axis % data.ndim
    moved = np.moveaxis(data, axis, -1)
    values = np.empty(moved.shape[:-1] + (k,), dtype=data.dtype)
    indices = np.empty(moved.shape[:-1] + (k,), dtype=np.int64)
    for position in np.ndindex(*moved.shape[:-1]):
        row = [int(v) if data.dtype.kind in "iu" else float(v) for v in moved[position]]
        order = sorted(range(len(row)), key=lambda i: (-row[i] if largest else row[i], i))[:k]
        values[position] = [moved[position][i] for i in order]
        indices[position] = order
    return np.moveaxis(values, -1, axis), np.moveaxis(indices, -1, axis)


# ---------------------------------------------------------------- YAML output

def float32_text(x):
    """Shortest decimal for a float32 that reads back (correctly rounded) to the same float32."""
    x = np.float32(x)
    if not np.isfinite(x):
        raise ValueError("non-finite value %r: write it by hand (.nan, .inf)" % x)
    text = np.format_float_positional(x, unique=True, trim="0")
    value = fractions.Fraction(text)
    exact = fractions.Fraction(float(x))
    up = fractions.Fraction(float(np.nextafter(x, np.float32(np.inf))))
    down = fractions.Fraction(float(np.nextafter(x, np.float32(-np.inf))))
    if not (exact - (exact - down) / 2 < value < exact + (up - exact) / 2):
        raise AssertionError("%s does not round-trip to float32 %r" % (text, x))
    return text


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

def tensor_yaml(name, element, array, indent):
    pad = " " * indent
    flat = array.reshape(-1)
    items = [float32_text(v) for v in flat] if element == "float" else [str(int(v)) for v in flat]
    row = array.shape[-1] if array.ndim and array.shape[-1] else max(1, len(items))
    return "\n".join([
        pad + "- name: " + name,
        pad + "  type: " + element,
        pad + "  shape: [" + ", ".join(str(d) for d in array.shape) + "]",
        values_yaml(items, row, pad + "  values: "),
    ])


def example_yaml(test, source, opset, attributes, inputs, outputs):
    lines = [
        "  - name: " + test,
        '    source: "' + source + '"',
        "    opset: %d" % opset,
    ]
    if attributes:
        lines.append("    attributes: {" + ", ".join("%s: %d" % a for a in attributes) + "}")
    lines.append("    inputs:")
    lines += [tensor_yaml(*t, indent=6) for t in inputs]
    lines.append("    outputs:")
    lines += [tensor_yaml(*t, indent=6) for t in outputs]
    return "\n".join(lines)


# ---------------------------------------------------------------- main

def read_test(directory, test, op):
    with open(os.path.join(directory, test, "model.onnx"), "rb") as f:
        opsets, nodes, graph_inputs, graph_outputs = parse_model(f.read())
    if len(nodes) != 1 or nodes[0]["op_type"] != op or nodes[0]["domain"] != "":
        raise AssertionError("%s: expected one %s node in the default domain" % (test, op))
    node = nodes[0]
    opset = opsets[""]
    data_set = os.path.join(directory, test, "test_data_set_0")
    inputs, outputs = [], []
    for i, (declared_name, declared_type, declared_shape) in enumerate(graph_inputs):
        with open(os.path.join(data_set, "input_%d.pb" % i), "rb") as f:
            _, element, array = parse_tensor(f.read())
        if (element, list(array.shape)) != (declared_type, declared_shape):
            raise AssertionError("%s: input %s is %s%s, graph says %s%s" % (
                test, declared_name, element, list(array.shape), declared_type, declared_shape))
        inputs.append((declared_name, element, array))
    for i, (declared_name, declared_type, declared_shape) in enumerate(graph_outputs):
        with open(os.path.join(data_set, "output_%d.pb" % i), "rb") as f:
            _, element, array = parse_tensor(f.read())
        if (element, list(array.shape)) != (declared_type, declared_shape):
            raise AssertionError("%s: output %s is %s%s, graph says %s%s" % (
                test, declared_name, element, list(array.shape), declared_type, declared_shape))
        outputs.append((declared_name, element, array))
    if node["inputs"] != [t[0] for t in inputs] or node["outputs"] != [t[0] for t in outputs]:
        raise AssertionError("%s: node and graph disagree on input/output names" % test)

    attrs = dict(node["attributes"])
    unknown = set(attrs) - ATTRIBUTES[op]
    if unknown:
        raise AssertionError("%s: unexpected attributes %s" % (test, sorted(unknown)))
    if op == "TopK":
        k = inputs[1][2]
        if inputs[1][1] != "int64" or k.shape != (1,):
            raise AssertionError("%s: k is not an int64 tensor of shape [1]" % test)
        expected = top_k(inputs[0][2], int(k[0]), attrs.get("axis", -1), attrs.get("largest", 1))
    else:
        expected = [reference(op, inputs[0][2], attrs.get("axis", 0), attrs.get("keepdims", 1),
                              attrs.get("select_last_index", 0))]
    if len(expected) != len(outputs):
        raise AssertionError("%s: %d outputs stored, %d expected" % (test, len(outputs), len(expected)))
    for want, (name, _, actual) in zip(expected, outputs):
        if want.dtype != actual.dtype or want.shape != actual.shape or not np.array_equal(want, actual):
            raise AssertionError("%s: stored output %s %s differs from the recomputed %s" % (
                test, name, actual.tolist(), want.tolist()))
    source = TOPK_SOURCE if op == "TopK" else SOURCE
    return example_yaml(test, source, opset, node["attributes"], inputs, outputs)


def main(argv):
    if len(argv) not in (2, 3) or argv[1] not in PREFIXES or argv[1] == "TopK" and len(argv) != 3:
        sys.stderr.write(__doc__)
        return 2
    op = argv[1]
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    directory = argv[2] if len(argv) == 3 else os.path.join(root, "conformance", "src", "test", "resources", "onnx-node-tests")
    prefix = PREFIXES[op]
    tests = sorted(t for t in os.listdir(directory) if t.startswith(prefix))
    if not tests:
        sys.stderr.write("no %s* folders in %s\n" % (prefix, directory))
        return 1
    if op == "TopK":
        print("  # The ONNX backend node tests %s*, written from the onnx Python package 1.23.1" % prefix)
        print("  # (onnx.backend.test.case.node.topk, Apache-2.0) and written out by")
        print("  # specs/tools/extract_node_tests.py TopK; each expected output was recomputed by sorting")
        print("  # each slice on (value, index).")
    else:
        print("  # The ONNX backend node tests %s* (onnx/backend/test/data/node/ at onnx/onnx" % prefix)
        print("  # commit %s, Apache-2.0), written out by" % SOURCE_COMMIT)
        print("  # specs/tools/extract_node_tests.py %s; each expected output was recomputed with numpy." % op)
    for test in tests:
        print(read_test(directory, test, op))
    sys.stderr.write("%d %s node tests checked against the recomputed outputs\n" % (len(tests), op))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
