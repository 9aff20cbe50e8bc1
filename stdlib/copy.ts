# copy: Python's copy.copy and copy.deepcopy. Instances of classes, lists,
# dicts and sets are new objects (deepcopy: of copies of everything they
# hold, each object copied once, so references shared inside stay shared);
# tensors are cloned, as torch's Tensor.__deepcopy__ does; numbers, strings,
# functions and classes are themselves. No __copy__ / __deepcopy__ hooks.
copy = __copy_copy
deepcopy = __copy_deepcopy
