"""Lesson cases: the experiments of five autograd lessons, as notebook cells.

``LESSONS`` maps a lesson name to its list of code cells.  The cells are run,
in order, in one fresh namespace (see ``tests/oracle/harness.py``), under real
PyTorch to record ``tests/oracle/lessons.json`` and under minigrad by
``tests/test_lessons.py``, which compares them exactly.

The code is kept as close as possible to the original notebooks (a student's
``import torch`` must just work with minigrad).  Changes from the originals:

* ``torch.rand``/``torch.randn`` calls whose values are shown or used are
  replaced by explicit tensors of the same shape, dtype and ``requires_grad``
  (where the notebook printed the random values we reuse them); each lesson
  keeps one cell that calls the RNG and shows only non-random properties;
* cells marked ``# (extra)`` are not in the notebooks: they show something a
  lesson computes but does not display, or run a branch of code the lesson
  defines but never reaches (``my_relu``'s ``z[:] = 0.``).
"""

from textwrap import dedent


def _cells(*codes: str) -> list[str]:
    return [dedent(code).strip("\n") for code in codes]


# ---------------------------------------------------------------------------
# Italian lesson: requires_grad, backward, accumulation, assignment, leaves,
# retain_grad, detach/detach_, register_hook
# ---------------------------------------------------------------------------
IT_REQUIRES_GRAD = _cells(
    """
    import torch
    """,
    # --- Esempio base
    """
    x = torch.tensor([[1., -1.], [1., 1.]], requires_grad=True)
    print(x.grad)
    """,
    """
    # eleva al quadrato tutti gli elementi della matrice
    out1 = x.pow(2)
    # somma tutti gli elementi della matrice
    out2=out1.sum()
    """,
    """
    out2.backward()
    """,
    """
    x.grad
    """,
    # --- Se non si azzera il gradiente dopo il backward, il gradiente successivo si somma
    """
    x = torch.tensor([[1., -1.], [1., 1.]], requires_grad=True)
    print(x.grad)
    """,
    """
    # eleva al quadrato tutti gli elementi della matrice
    out1 = x.pow(2)
    # somma tutti gli elementi della matrice
    out2=out1.sum()
    """,
    """
    out2.backward()
    x.grad
    """,
    """
    # eleva al quadrato tutti gli elementi della matrice
    out1 = x.pow(2)
    # somma tutti gli elementi della matrice
    out2=out1.sum()
    """,
    """
    out2.backward()
    x.grad
    """,
    # --- Effetto di un assegnamento sulla backpropagation
    """
    x = torch.tensor([[1., -1.], [1., 1.]], requires_grad=True)
    print(x.grad)
    """,
    """
    # eleva al quadrato tutti gli elementi della matrice
    out1 = x.pow(2)
    out1[0,0] = 0
    # somma tutti gli elementi della matrice
    out2=out1.sum()
    """,
    """
    # se x[0,0] viene incrementato dx l'incremento di out2 è comunque 0
    out2.backward()
    x.grad
    """,
    """
    # (extra) what the assignment did to the graph
    out1, out2
    """,
    # --- requires_grad_(True)
    """
    # per default requires_grad = False
    x = torch.tensor([[1., -1.], [1., 1.]])
    """,
    """
    # eleva al quadrato tutti gli elementi della matrice
    out1 = x.pow(2)
    out1.requires_grad_()
    # somma tutti gli elementi della matrice
    out2=out1.sum()
    """,
    """
    out2.backward()
    """,
    """
    out1.grad
    """,
    """
    x.grad
    """,
    # --- requires_grad_(False): only on leaf tensors
    """
    # per default requires_grad = False
    x = torch.tensor([[1., -1.], [1., 1.]], requires_grad=True)
    """,
    """
    # eleva al quadrato tutti gli elementi della matrice
    out1 = x.pow(2)
    out1.requires_grad=False
    # somma tutti gli elementi della matrice
    out2=out1.sum()
    """,
    """
    # (extra) the same through the method
    out1.requires_grad_(False)
    """,
    # --- Tensore foglia e metodo is_leaf
    """
    x = torch.tensor([[1., -1.], [1., 1.]], requires_grad=True)
    y = x.pow(2)
    """,
    """
    x.is_leaf
    """,
    """
    y.is_leaf
    """,
    """
    z = y.sum()
    """,
    """
    z.backward()
    """,
    """
    z.grad
    """,
    """
    y.grad
    """,
    """
    x.grad
    """,
    # --- Metodo retain_grad
    """
    x = torch.tensor([[1., -1.], [1., 1.]], requires_grad=True)
    y = x.pow(2)
    """,
    """
    x.is_leaf
    """,
    """
    y.is_leaf
    """,
    """
    y.retain_grad()
    """,
    """
    z = y.sum()
    """,
    """
    z.retain_grad()
    """,
    """
    z.backward()
    """,
    """
    z.grad
    """,
    """
    y.grad
    """,
    """
    x.grad
    """,
    # --- detach e detach_
    """
    x = torch.tensor([1.,2,3], requires_grad=True)
    """,
    """
    y = torch.tensor([4.,5,6], requires_grad=False)
    """,
    """
    z = x + y
    """,
    """
    z.requires_grad
    """,
    """
    z1 = z.detach()
    """,
    """
    z1.requires_grad
    """,
    """
    z
    """,
    """
    z1
    """,
    """
    z1[0] = 1
    """,
    """
    z
    """,
    """
    z.requires_grad
    """,
    """
    z.is_leaf
    """,
    """
    z.detach_()
    """,
    """
    z.requires_grad
    """,
    """
    z.is_leaf
    """,
    # --- register_hook
    """
    x = torch.tensor([1.,2,3], requires_grad=True)
    h_x = x.register_hook(lambda grad: grad * 2)
    """,
    """
    y = x*x
    h_y = y.register_hook(lambda grad: print(f"y_grad = {grad}"))
    """,
    """
    z = y.sum()
    """,
    """
    z
    """,
    """
    z.backward()
    """,
    """
    x.grad
    """,
    """
    # (extra) handle.remove(): the hooks are not called any more
    h_x.remove()
    h_y.remove()
    x.grad = None
    (x*x).sum().backward()
    x.grad
    """,
    """
    # (extra) the RNG cell: only non-random properties are shown
    torch.manual_seed(0); r = torch.randn(2, 2, requires_grad=True)
    r.shape, r.dtype, r.requires_grad, r.is_leaf
    """,
)


# ---------------------------------------------------------------------------
# English/Korean lesson "2. Variable and Autograd"
# ---------------------------------------------------------------------------
KO_VARIABLE_AUTOGRAD = _cells(
    """
    import torch
    """,
    # --- 2.1 Autograd
    """
    x = torch.ones(1)
    x.requires_grad
    """,
    """
    y = torch.ones(1)
    y.requires_grad
    """,
    """
    z = x + y
    """,
    """
    z.requires_grad
    """,
    """
    x.requires_grad_()
    x.requires_grad
    """,
    """
    z = x + y
    """,
    """
    z.requires_grad
    """,
    # --- 2.2 Backward
    """
    y = torch.tensor([[1, 2], [3, 4]], dtype=torch.float32, requires_grad=True)
    y
    """,
    """
    y.sum()
    """,
    """
    y.max()
    """,
    """
    z = 2*y + 1
    z
    """,
    """
    print("y.requires_grad :", y.requires_grad)
    print("z.requires_grad :", z.requires_grad)

    print("")

    print("y.grad :", y.grad)
    print("z.grad :", z.grad)

    print("")

    print("y.grad_fn :", y.grad_fn)
    print("z.grad_fn :", z.grad_fn)
    """,
    """
    # grad can be implicitly created only for scalar outputs
    z.backward()
    """,
    """
    out = z.sum()
    out
    """,
    """
    print("y.requires_grad :", y.requires_grad)
    print("z.requires_grad :", z.requires_grad)
    print("out.requires_grad :", out.requires_grad)

    print("")

    print("y.grad :", y.grad)
    print("z.grad :", z.grad)
    print("out.grad :", out.grad)

    print("")

    print("y.grad_fn :", y.grad_fn)
    print("z.grad_fn :", z.grad_fn)
    print("out.grad_fn :", out.grad_fn)
    """,
    """
    # By default, gradients are only retained for leaf variables. non-leaf variables
    # gradients are not retained to be inspected later. This was done by design, to save memory.

    zGrad = torch.zeros(2,2)

    def extract(z):
        global zGrad
        zGrad = z

    # hook the variable's gradient to function input
    z.register_hook(extract)
    # z.register_hook(print)
    """,
    """
    out.backward(retain_graph=True)
    """,
    """
    print("y.requires_grad :", y.requires_grad)
    print("z.requires_grad :", z.requires_grad)
    print("out.requires_grad :", out.requires_grad)

    print("")

    print("y.grad :", y.grad)
    print("z.grad :", z.grad)
    print("out.grad :", out.grad)

    print("")

    print("y.grad_fn :", y.grad_fn)
    print("z.grad_fn :", z.grad_fn)
    print("out.grad_fn :", out.grad_fn)
    """,
    """
    print(zGrad)
    """,
    """
    # retain_graph = True : accumulated gradient value
    out.backward(retain_graph=True)
    y.grad
    """,
    """
    # initialize gradient
    y.grad.zero_()
    out.backward()
    y.grad
    """,
    """
    # (extra) the graph was freed by the last backward()
    out.backward()
    """,
    """
    # (extra) the commented-out alternative: z.register_hook(print), on a new graph
    y.grad = None
    z = 2*y + 1
    out = z.sum()
    z.register_hook(print)
    out.backward()
    y.grad
    """,
    # --- 2.3 .detach vs .data
    """
    a = torch.tensor([1,2,3.], requires_grad = True)
    b = a.exp()
    c = b.detach()
    c.zero_()
    """,
    """
    b
    """,
    """
    # exp 함수는 자기 자신이 역전파에 필요
    b.sum().backward()
    """,
    """
    a.grad
    """,
    """
    a = torch.tensor([1,2,3.], requires_grad = True)
    b = a.exp()
    c = b.data
    c.zero_()
    """,
    """
    b
    """,
    """
    b.sum().backward()
    """,
    """
    a.grad
    """,
    """
    # (extra) the RNG cell: only non-random properties are shown
    torch.manual_seed(0); r = torch.rand(2, 3)
    r.shape, r.dtype, r.requires_grad, bool(((r >= 0) & (r < 1)).all())
    """,
)


# ---------------------------------------------------------------------------
# Spanish lesson: gradients of scalar / non-scalar outputs, stopping tracking,
# accumulation in a training loop
# ---------------------------------------------------------------------------
ES_AUTOGRAD = _cells(
    """
    import torch
    """,
    """
    # tensor ejemplo: tensor random con 3 valores
    # (was: x = torch.randn(3))
    x = torch.tensor([-0.9073,  0.5067, -0.5938])
    x
    """,
    """
    # (extra) the RNG cell: only non-random properties are shown
    torch.manual_seed(0); torch.randn(3).shape
    """,
    """
    # (extra) the RNG cell: only non-random properties are shown
    torch.randn(3, requires_grad=True).requires_grad
    """,
    """
    #calcular el gradiente de una función respecto a x debemos especificar el argumento requieres_grad=true. Por default es false
    # cuando el requires_grad es falso no se calculan los gradients y lanzará error
    # creando un tensor random con seguimiento de gradientes
    # (was: x = torch.randn(3, requires_grad=True))
    x = torch.tensor([-0.3737, -0.9626,  0.7215], requires_grad=True)
    x
    """,
    """
    # una operación con mi tensor ==> y=x+2
    # inputs son x y 2, operacion +(nodo) y el output y
    # se observa el atributo grad_fn por llamar el requieres_grad=true
    # se apunta al AddBackward que es con lo que se buscan los backward pass
    y = x + 2
    y
    """,
    """
    # esta función tambien tiene el atributo grad_fn y el MultBackward pues la operación es multiplicación
    z = y * y * 2
    z
    """,
    """
    # grad_fn es MeanBackward
    z = z.mean()
    z
    """,
    """
    # para calcular los gradientes hay que llamar z.backward()=(dz/dx). Calcula los gradientes de z con respecto a x
    # como z es un valor escalar(un solo elemento) no tenemos que poner un argumento en las() de la función backward.
    z.backward()
    # x tiene un atributo .grad para calcular los gradientes de x
    x.grad
    """,
    """
    # valores o vector (1,3). Para llamar la backward function saldrá un error porque la funcion solo trabaja con valores escalares
    z = y * y * 2
    z
    """,
    """
    z.backward()
    """,
    """
    # Para corregir esto se crea un vector del mismo tamaño del output.
    v = torch.tensor([0.1, 1.0, 0.0001], dtype=torch.float32) # producto de matrices
    z.backward(v)
    x.grad
    """,
    """
    #forma 1 de hacerlo
    # (was: x = torch.randn(3, requires_grad=True))
    x = torch.tensor([ 0.5751,  0.8912, -0.0337], requires_grad=True)
    x.requires_grad_(False) # siempre que la funcion tenga un _ al final en pytorch modificará el inplace de la variable
    x # al llamar no tiene el requieres_grad lo que significa que no se estan siguiendo los gradientes
    """,
    """
    #forma 2 de hacerlo
    # (was: x = torch.randn(3, requires_grad=True))
    x = torch.tensor([-0.0829,  1.6299, -0.1252], requires_grad=True)
    y = x.detach() #esto crea un tensor con los mismos valores pero sin requerir los gradientes
    y
    """,
    """
    y = x.detach() #esto crea un tensor con los mismos valores pero sin requerir los gradientes
    y
    """,
    """
    # forma 3
    with torch.no_grad():
        y = x + 2
        print(y)
    """,
    """
    # (extra) outside the block tracking is back
    y.requires_grad, (x + 2).requires_grad
    """,
    """
    # Un loop de entrenamiento de 3 iteraciones para evidenciar la acumulacion o sumatoria de gradientes
    # esto evidencia que los gradientes pueden ser incorrectos con las iteraciones al sumarse
    weights = torch.ones(4, requires_grad=True)
    for epoch in range(3):
        # el ejemplo de una operacion de simulación
        model_output = (weights*3).sum()
        model_output.backward()
        print(weights.grad)
    """,
    """
    #Forma correcta de establecer los gradientes en los pasos de entrenamiento
    weights = torch.ones(4, requires_grad=True)
    for epoch in range(3):
        # el ejemplo de una operacion de simulacion.
        model_output = (weights*3).sum()
        model_output.backward()
        print(weights.grad)
        # funcion zero
        weights.grad.zero_()
    """,
)


# ---------------------------------------------------------------------------
# Chinese lesson (``import torch as t``): x^2 e^x, leaves, retain_graph,
# no_grad, .data, autograd.grad and hooks for intermediate gradients
# ---------------------------------------------------------------------------
ZH_AUTOGRAD = _cells(
    """
    import torch as t
    """,
    """
    def f(x):
        y = x ** 2 * t.exp(x)
        return y


    def grad_f(x):
        dx = 2 * x * t.exp(x) + x ** 2 * t.exp(x)
        return dx
    """,
    """
    # (was: x = t.randn(3, 4, requires_grad=True))
    x = t.tensor([[ 1.5410, -0.2934, -2.1788,  0.5684],
                  [-1.0845, -1.3986,  0.4033,  0.8380],
                  [-0.7193, -0.4033, -0.5966,  0.1820]], requires_grad=True)
    y = f(x)
    y
    """,
    """
    y.backward(t.ones(y.size()))        # gradient形状与y一致
    x.grad
    """,
    """
    t.norm(t.sub(x.grad, grad_f(x)))    # 自动梯度和手动梯度一致
    """,
    """
    # (extra) the RNG cell: only non-random properties are shown
    t.manual_seed(0); x = t.randn(3, 4, requires_grad=True)
    x.size(), x.shape, x.dtype, x.requires_grad, x.is_leaf
    """,
    """
    x = t.ones(1)
    # (was: b = t.rand(1, requires_grad=True); w = t.rand(1, requires_grad=True))
    b = t.tensor([0.4194], requires_grad=True)
    w = t.tensor([0.5529], requires_grad=True)
    y = w * x      # 等价于y=w.mul(X)
    z = y + b
    """,
    """
    x.requires_grad, b.requires_grad, w.requires_grad
    """,
    """
    y.requires_grad    # 虽然未指定y.requires_grad为True, 但由于y依赖于需要求导的w, 故y.requires_grad=True
    """,
    """
    x.is_leaf, w.is_leaf, b.is_leaf
    """,
    """
    y.is_leaf, z.is_leaf
    """,
    """
    z.backward(retain_graph=True)
    w.grad
    """,
    """
    z.backward()
    w.grad
    """,
    """
    x = t.ones(1, requires_grad=True)
    # (was: w = t.rand(1, requires_grad=True))
    w = t.tensor([0.9527], requires_grad=True)
    y = x * w
    x.requires_grad, w.requires_grad, y.requires_grad
    """,
    """
    with t.no_grad():
        x = t.ones(1)
        # (was: w = t.rand(1, requires_grad=True))
        w = t.tensor([0.0362], requires_grad=True)
        y = x* w
    x.requires_grad, w.requires_grad, y.requires_grad
    """,
    """
    a = t.ones(3, 4, requires_grad=True)
    b = t.ones(3 ,4, requires_grad=True)
    c = a * b
    a.data   # 还是一个tensor
    """,
    """
    a.data.requires_grad
    """,
    """
    d = a.data.sigmoid_()       # sigmoid_是个inplace操作, 会修改a自身的值
    d.requires_grad
    """,
    """
    a    # a.requires_grad=True
    """,
    """
    tensor = a.detach()
    tensor.requires_grad
    """,
    """
    # 统计一些指标, 但不希望被记录
    mean = tensor.mean()
    std = tensor.std()
    """,
    """
    # (extra) the statistics computed above
    mean, std
    """,
    """
    x = t.ones(3, requires_grad=True)
    # (was: w = t.rand(3, requires_grad=True))
    w = t.tensor([0.9969, 0.1255, 0.3718], requires_grad=True)
    y = x * w
    z = y.sum()
    x.requires_grad, w.requires_grad, y.requires_grad
    """,
    """
    z.backward()    # 非叶子节点grad计算完之后自动清空
    x.grad, w.grad, y.grad
    """,
    """
    # 第一种方法, 使用grad获取中间变量梯度
    x = t.ones(3, requires_grad=True)
    # (was: w = t.rand(3, requires_grad=True))
    w = t.tensor([0.9969, 0.1255, 0.3718], requires_grad=True)
    y = x * w
    z = y.sum()
    t.autograd.grad(z, y)
    """,
    """
    # 第二种方法, 使用hook
    # hook是一个函数, 输入是梯度, 不应该有返回值
    def variable_hook(grad):
        print('y的梯度', grad)
    x = t.ones(3, requires_grad=True)
    # (was: w = t.rand(3, requires_grad=True))
    w = t.tensor([0.9969, 0.1255, 0.3718], requires_grad=True)
    y = x * w

    # 注册hook
    hook_handle = y.register_hook(variable_hook)
    z = y.sum()
    z.backward()

    # 除非你每次都要用hook, 否则用完之后记得移除hook
    hook_handle.remove()
    """,
    """
    # (extra) after remove() the hook is not called
    x.grad = None
    (x * w).sum().backward()
    x.grad
    """,
)


# ---------------------------------------------------------------------------
# Italian translation of S. Raschka's STAT 453 "Autograd Example": relu,
# torch.autograd.grad, a hand-written relu
# ---------------------------------------------------------------------------
IT_RASCHKA_RELU = _cells(
    """
    import torch
    from torch.autograd import grad
    import torch.nn.functional as F
    """,
    """
    x = torch.tensor([3.])
    w = torch.tensor([2.], requires_grad=True)
    b = torch.tensor([1.], requires_grad=True)
    a = F.relu(x*w + b)
    """,
    """
    a
    """,
    """
    grad(a, w, retain_graph=True)
    """,
    """
    grad(a, b)
    """,
    """
    # (extra) the graph was freed by the last grad() call
    grad(a, b)
    """,
    """
    x = torch.tensor([3.])
    w = torch.tensor([2.], requires_grad=True)
    b = torch.tensor([1.], requires_grad=True)

    def my_relu(z):
        if z > 0.:
            return z
        else:
            z[:] = 0.
            return z

    a = my_relu(x*w + b)
    grad(a, w)
    """,
    """
    x = torch.tensor([-1.])
    w = torch.tensor([1.], requires_grad=True)
    b = torch.tensor([1.], requires_grad=True)

    def my_relu(z):
        if z > 0.:
            return z
        else:
            z[:] = 0.
            return z

    a = F.relu(x*w + b)
    grad(a, w, retain_graph=False)
    """,
    """
    # (extra) my_relu at 0 takes the z[:] = 0. branch
    grad(my_relu(x*w + b), w)
    """,
    """
    # (extra) my_relu on a negative input
    x = torch.tensor([-3.])
    a = my_relu(x*w + b)
    a, grad(a, w)
    """,
    """
    # (extra) the RNG cell: only non-random properties are shown
    torch.manual_seed(0); torch.rand(1, requires_grad=True).shape
    """,
)


LESSONS: dict[str, list[str]] = {
    "it_requires_grad_backward": IT_REQUIRES_GRAD,
    "ko_variable_and_autograd": KO_VARIABLE_AUTOGRAD,
    "es_autograd_basics": ES_AUTOGRAD,
    "zh_autograd": ZH_AUTOGRAD,
    "it_raschka_relu_autograd": IT_RASCHKA_RELU,
}
